import type { GameTeams } from "@common/teams.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useGame, useParticipants } from "@/lib/game-queries.ts";
import { useOrganizes } from "@/lib/organizes.ts";

/**
 * A game's teams (decision 111), read by the teams card and by the result form, which starts
 * from them. `game.changed` refreshes them live (features/live).
 */

/** GET /api/games/{id}/teams: the game's organizer and seated players only. */
export const teamsQuery = (gameId: number) =>
  queryOptions({
    queryKey: [`/api/games/${gameId}/teams`],
    queryFn: getQueryFn<GameTeams>({ on401: "throw" }),
  });

/** The teams, asked for only when the signed-in player is in the game (others get a 403). */
export function useGameTeams(gameId: number) {
  const { user } = useAuth();
  const game = useGame(gameId);
  const participants = useParticipants(gameId);
  const organizes = useOrganizes(game.data);
  const seated = Boolean(user && participants.data?.some((p) => p.userId === user.id));
  const teams = useQuery({ ...teamsQuery(gameId), enabled: organizes || seated });
  return { teams, seated, game: game.data, participants: participants.data };
}

/** The team A or B a player was put on; none for the waiting team or a player not placed. */
export function madeTeamOf(teams: GameTeams, userId: string): "A" | "B" | undefined {
  const team = teams.teams.find((t) => t.players.some((p) => p.userId === userId))?.team;
  return team === "A" || team === "B" ? team : undefined;
}
