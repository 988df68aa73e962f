import type { Metrics } from "@common/metrics.ts";
import { METRICS_REFETCH_MS, METRICS_STALE_MS } from "@common/metrics-timing.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/**
 * GET /api/metrics, polled every 30 s and fresh for 15 s (product §7, §9). Typed as partial: an
 * answer that lacks a counter shows that counter's fallback, not a blank.
 */
export const metricsQuery = queryOptions({
  queryKey: ["/api/metrics"],
  queryFn: getQueryFn<Partial<Metrics>>({ on401: "throw" }),
  refetchInterval: METRICS_REFETCH_MS,
  staleTime: METRICS_STALE_MS,
});

export const useMetrics = () => useQuery(metricsQuery);
