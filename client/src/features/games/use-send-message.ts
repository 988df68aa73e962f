import type { GameMessage, SendMessageInput } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { refreshGame } from "./game-queries.ts";

/** POST /api/games/{id}/messages. */
export function useSendMessage(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendMessageInput): Promise<GameMessage> =>
      (await apiRequest("POST", `/api/games/${gameId}/messages`, input)).json(),
    // A 403 may mean the organizer has just stopped taking messages: show the game as it is now.
    onError: () => refreshGame(queryClient, gameId),
  });
}
