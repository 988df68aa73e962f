import type { CourtRatingSummary } from "@common/court-ratings.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/courts/{id}/rating: the court's rating, how many rated, and the viewer's own. */
export const courtRatingQuery = (courtId: number) =>
  queryOptions({
    queryKey: [`/api/courts/${courtId}/rating`],
    queryFn: getQueryFn<CourtRatingSummary>({ on401: "throw" }),
  });
