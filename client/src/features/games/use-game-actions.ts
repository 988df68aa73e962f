import type { Game } from "@common/games.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { gameQuery, refreshGame } from "@/lib/game-queries.ts";

export type GameAction = "join" | "leave" | "cancel";

// Join and leave use product §8's toasts word for word; cancel is ours.
const SUCCESS = {
  join: {
    title: "Joined game!",
    description: "You're now part of this game. See you on the court!",
  },
  leave: { title: "Left game", description: "You're no longer part of this game." },
  cancel: { title: "Game cancelled", description: "Your players will see that it is called off." },
} as const;

const FAILURE = {
  join: "Failed to join game. Please try again.",
  leave: "Failed to leave game. Please try again.",
  cancel: "Failed to cancel game. Please try again.",
} as const;

/** POST /api/games/{id}/{join|leave|cancel} with its toasts; the page refreshes either way. */
export function useGameAction(gameId: number, action: GameAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Game> =>
      (await apiRequest("POST", `/api/games/${gameId}/${action}`)).json(),
    onSuccess: (game) => {
      queryClient.setQueryData(gameQuery(gameId).queryKey, game);
      toast(SUCCESS[action]);
    },
    onError: (error) => {
      // Spec §8 fixes the join and leave texts; a refused cancel says why (started, not yours).
      const reason = action === "cancel" ? apiErrorOf(error)?.message : undefined;
      toast({ variant: "destructive", title: "Error", description: reason ?? FAILURE[action] });
    },
    // Returned, so the buttons stay disabled until the fresh players list has arrived.
    onSettled: () => refreshGame(queryClient, gameId),
  });
}
