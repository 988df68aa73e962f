import type { Game } from "@common/games.ts";
import type { GoNoGoValues } from "@common/go-no-go.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { gameQuery, refreshGame } from "@/lib/game-queries.ts";

/** PUT /api/games/{id}/go-no-go: the organizer's minimum, decision time and "play anyway". */
export function useSetGoNoGo(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GoNoGoValues): Promise<Game> =>
      (await apiRequest("PUT", `/api/games/${gameId}/go-no-go`, input)).json(),
    onSuccess: (game) => queryClient.setQueryData(gameQuery(gameId).queryKey, game),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Could not change the go/no-go",
        description: apiErrorOf(error)?.message ?? "Please try again.",
      }),
    onSettled: () => refreshGame(queryClient, gameId),
  });
}
