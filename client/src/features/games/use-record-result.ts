import type { Game, RecordResultInput } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { gameQuery, refreshGame } from "@/lib/game-queries.ts";

/** POST /api/games/{id}/result: the game ends (if it had not) and the players get their teams. */
export function useRecordResult(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordResultInput): Promise<Game> =>
      (await apiRequest("POST", `/api/games/${gameId}/result`, input)).json(),
    onSuccess: (game) => {
      queryClient.setQueryData(gameQuery(gameId).queryKey, game);
      toast({ title: "Result saved" });
    },
    onSettled: () => refreshGame(queryClient, gameId),
  });
}
