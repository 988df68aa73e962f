// Zod-free, so the landing's counters can read it without loading the schemas (issue 13).

/** Spec §7/§9: polled every 30 s, fresh for 15 s. */
export const METRICS_REFETCH_MS = 30_000;
export const METRICS_STALE_MS = 15_000;
