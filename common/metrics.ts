import { z } from "zod";

/**
 * GET /api/metrics (spec §3 "Metrics", §7): the landing page's live counters.
 * activeUsers: players with a profile; totalCourts: active courts; gamesPlayed: games that
 * are completed, or were scheduled in the past and not cancelled (docs/decisions.md).
 */
export const metricsSchema = z.object({
  activeUsers: z.number().int().nonnegative(),
  totalCourts: z.number().int().nonnegative(),
  gamesPlayed: z.number().int().nonnegative(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/** Spec §7/§9: polled every 30 s, fresh for 15 s. */
export const METRICS_REFETCH_MS = 30_000;
export const METRICS_STALE_MS = 15_000;
