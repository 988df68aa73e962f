import type { InvitableGame, InviteResult } from "@common/invites.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/api.ts";

/** GET /api/games/invitable?playerId=: the caller's games with room the player can join. */
export const invitableGamesQuery = (playerId: string) =>
  queryOptions({
    queryKey: [`/api/games/invitable?playerId=${encodeURIComponent(playerId)}`],
    queryFn: getQueryFn<InvitableGame[]>({ on401: "throw" }),
  });

export const useInvitableGames = (playerId: string, enabled: boolean) =>
  useQuery({ ...invitableGamesQuery(playerId), enabled });

/** POST /api/games/{id}/invites. */
export function useInvitePlayer(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (gameId: number): Promise<InviteResult> =>
      (await apiRequest("POST", `/api/games/${gameId}/invites`, { userId: playerId })).json(),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: invitableGamesQuery(playerId).queryKey }),
  });
}
