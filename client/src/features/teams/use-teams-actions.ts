import type { GameTeams } from "@common/teams.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { teamsQuery } from "@/lib/teams-queries.ts";

type Change =
  | { kind: "make" }
  | { kind: "settings"; playersMakeTeams: boolean }
  | { kind: "together"; partnerId: string | null };

function request(gameId: number, change: Change): Promise<Response> {
  const url = `/api/games/${gameId}/teams`;
  switch (change.kind) {
    case "make":
      return apiRequest("POST", url);
    case "settings":
      return apiRequest("PUT", `${url}/settings`, { playersMakeTeams: change.playersMakeTeams });
    case "together":
      return change.partnerId === null
        ? apiRequest("DELETE", `${url}/together`)
        : apiRequest("PUT", `${url}/together`, { partnerId: change.partnerId });
  }
}

const failure: Record<Change["kind"], string> = {
  make: "Could not make the teams",
  settings: "Could not change who makes the teams",
  together: "Could not save who you play with",
};

/** Every change of the teams card answers the teams as they now are. */
export function useTeamsChange(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<GameTeams> =>
      (await request(gameId, change)).json(),
    onSuccess: (teams) => queryClient.setQueryData(teamsQuery(gameId).queryKey, teams),
    onError: (error, change) => {
      toast({
        variant: "destructive",
        title: failure[change.kind],
        description: apiErrorOf(error)?.message ?? "Please try again.",
      });
      // The seats or the organizer's switch may have changed meanwhile.
      void queryClient.invalidateQueries({ queryKey: teamsQuery(gameId).queryKey });
    },
  });
}
