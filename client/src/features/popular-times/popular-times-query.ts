import type { PopularTimes } from "@common/popular-times.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/courts/{id}/popular-times: eight weeks of check-ins; re-read after ten minutes. */
export const popularTimesQuery = (courtId: number) =>
  queryOptions({
    queryKey: [`/api/courts/${courtId}/popular-times`],
    queryFn: getQueryFn<PopularTimes>({ on401: "throw" }),
    staleTime: 10 * 60_000,
  });
