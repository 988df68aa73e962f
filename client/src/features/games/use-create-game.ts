import type { CreateGameInput, Game } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { refreshGame } from "@/lib/game-queries.ts";

/** POST /api/games: 201 with the game; 400 field errors, 404 unknown court, 409 too many. */
export async function createGame(input: CreateGameInput): Promise<Game> {
  const response = await apiRequest("POST", "/api/games", input);
  return (await response.json()) as Game;
}

/** Creates a game, then refreshes every list it now belongs to (upcoming, the player's own). */
export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    // Not awaited: the player goes to the new game at once while the lists refresh.
    onSuccess: (game) => void refreshGame(queryClient, game.id),
  });
}
