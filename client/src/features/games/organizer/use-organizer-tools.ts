import type { EditGameInput } from "@common/game-line.ts";
import type { Game } from "@common/games.ts";
import type { NeedMoreInput, NeedMoreResult } from "@common/invites.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { gameQuery, refreshGame } from "@/lib/game-queries.ts";

const failed = (error: unknown) =>
  toast({
    variant: "destructive",
    title: "Error",
    description: apiErrorOf(error)?.message ?? "Something went wrong. Please try again.",
  });

/** PATCH /api/games/{id}: the number of players. */
export function useEditPlayers(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditGameInput): Promise<Game> =>
      (await apiRequest("PATCH", `/api/games/${gameId}`, input)).json(),
    onSuccess: (game) => {
      queryClient.setQueryData(gameQuery(gameId).queryKey, game);
      toast({ title: "Game updated", description: `Up to ${game.maxPlayers} players.` });
    },
    onError: failed,
    onSettled: () =>
      Promise.all([
        refreshGame(queryClient, gameId),
        queryClient.invalidateQueries({ queryKey: [`/api/games/${gameId}/line`] }),
      ]),
  });
}

/** POST /api/games/{id}/asks: 'Need N more'. */
export function useNeedMore(gameId: number) {
  return useMutation({
    mutationFn: async (input: NeedMoreInput): Promise<NeedMoreResult> =>
      (await apiRequest("POST", `/api/games/${gameId}/asks`, input)).json(),
    onSuccess: ({ asked, names }) =>
      toast(
        asked === 0
          ? {
              title: "Nobody new to ask",
              description: "Every nearby player of your level has been asked already.",
            }
          : {
              title: `Asked ${asked} ${asked === 1 ? "player" : "players"}`,
              // Named, so the organizer knows whom to nudge personally (an invite still goes).
              description: `${names.join(", ")} heard that you need more.`,
            },
      ),
    onError: failed,
  });
}
