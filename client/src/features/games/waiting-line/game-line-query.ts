import type { GameLine } from "@common/game-line.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest, getQueryFn } from "@/lib/api.ts";
import { refreshGame } from "@/lib/game-queries.ts";

/** GET /api/games/{id}/line: the line's length and the caller's place in it. */
export const gameLineQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/games/${id}/line`],
    queryFn: getQueryFn<GameLine>({ on401: "throw" }),
  });

export const useGameLine = (id: number, enabled: boolean) =>
  useQuery({ ...gameLineQuery(id), enabled });

const SUCCESS = {
  join: { title: "You're in line", description: "If a spot opens, it's yours: we'll tell you." },
  leave: { title: "Left the waiting list", description: "You're no longer in line for this game." },
} as const;

/** POST (join) or DELETE (leave) /api/games/{id}/line, with its toasts. */
export function useLineAction(gameId: number, action: "join" | "leave") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<GameLine> =>
      (await apiRequest(action === "join" ? "POST" : "DELETE", `/api/games/${gameId}/line`)).json(),
    onSuccess: (line) => {
      queryClient.setQueryData(gameLineQuery(gameId).queryKey, line);
      toast(SUCCESS[action]);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Something went wrong. Please try again.",
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gameLineQuery(gameId).queryKey }),
        refreshGame(queryClient, gameId),
      ]),
  });
}
