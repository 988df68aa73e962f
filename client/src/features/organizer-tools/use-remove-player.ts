import type { Game } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { refreshGame } from "@/lib/game-queries.ts";

/** POST /api/games/{id}/players/{userId}/remove: the organizer takes a player off, with why. */
export function useRemovePlayer(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, reason }: { userId: string; reason: string }): Promise<Game> =>
      (
        await apiRequest("POST", `/api/games/${gameId}/players/${userId}/remove`, { reason })
      ).json(),
    onSuccess: () => refreshGame(queryClient, gameId),
  });
}
