import type { CourtSuggestion, CourtSuggestionValues } from "@common/court-suggestions.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { withPositionIfRefused } from "@/lib/current-position.ts";
import { refreshSuggestions } from "./suggestion-queries.ts";

/** POST /api/court-suggestions: a missing court or a correction. */
export function useSuggestCourt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CourtSuggestionValues): Promise<CourtSuggestion> =>
      (await apiRequest("POST", "/api/court-suggestions", input)).json(),
    onSuccess: (suggestion) => refreshSuggestions(queryClient, suggestion.courtId),
  });
}

/**
 * POST /api/court-suggestions/{id}/vote: as a player whose city is near, else (403) with the
 * browser's position.
 */
export function useVoteOnSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agree }: { id: number; agree: boolean }) =>
      withPositionIfRefused(
        async (position): Promise<CourtSuggestion> =>
          (
            await apiRequest("POST", `/api/court-suggestions/${id}/vote`, { agree, position })
          ).json(),
        (error) => apiErrorOf(error)?.status === 403,
      ),
    onSuccess: (suggestion) => refreshSuggestions(queryClient, suggestion.courtId),
  });
}
