import type { CourtRatingSummary } from "@common/court-ratings.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { courtRatingQuery } from "./court-rating-query.ts";

/**
 * PUT /api/courts/{id}/rating. The answer is the new summary; the court's own facts and the
 * directory's list carry the rating too, so they are read again.
 */
export function useRateCourt(courtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rating: number): Promise<CourtRatingSummary> =>
      (await apiRequest("PUT", `/api/courts/${courtId}/rating`, { rating })).json(),
    onSuccess: async (summary) => {
      queryClient.setQueryData(courtRatingQuery(courtId).queryKey, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [`/api/courts/${courtId}`], exact: true }),
        queryClient.invalidateQueries({ queryKey: ["/api/courts"], exact: true }),
      ]);
    },
  });
}
