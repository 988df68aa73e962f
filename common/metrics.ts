import { z } from "zod";

/**
 * GET /api/metrics (product §3 "Metrics", §7): the landing page's live counters.
 * activeUsers: players with a profile; totalCourts: active courts; gamesPlayed: games that
 * are completed, or were scheduled in the past and not cancelled (decision 015).
 */
export const metricsSchema = z.object({
  activeUsers: z.number().int().nonnegative(),
  totalCourts: z.number().int().nonnegative(),
  gamesPlayed: z.number().int().nonnegative(),
});
export type Metrics = z.infer<typeof metricsSchema>;

export { METRICS_REFETCH_MS, METRICS_STALE_MS } from "./metrics-timing.ts";
