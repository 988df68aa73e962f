import type { GivenRating, RateInput } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { givenRatingsQuery, refreshGame } from "@/lib/game-queries.ts";

/** POST /api/games/{id}/ratings: answers with every rating the caller gave in that game. */
export function useSaveRatings(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RateInput): Promise<GivenRating[]> =>
      (await apiRequest("POST", `/api/games/${gameId}/ratings`, input)).json(),
    onSuccess: (ratings) => {
      queryClient.setQueryData(givenRatingsQuery(gameId).queryKey, ratings);
      toast({ title: "Ratings saved" });
    },
    onSettled: () => refreshGame(queryClient, gameId),
  });
}
