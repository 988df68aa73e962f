import type { GameChance, GameChances } from "@common/attendance.ts";
import type { Game } from "@common/games.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** The games of a list that can still happen or not: open and not started. */
export const chanceAsked = (game: Game, now = Date.now()) =>
  game.status === "open" && new Date(game.scheduledAt).getTime() > now;

/**
 * "Will it happen?" for every game of a list in one request (GET /api/games/chances). The key
 * carries each game's seat count, so a join or leave the list hears about asks again: the
 * figures stay live with the list. Until the answer, the previous figures stay.
 */
export function useGameChances(games: readonly Game[]): Map<number, GameChance> | undefined {
  const asked = games.filter((game) => chanceAsked(game));
  const ids = asked.map((game) => game.id).join(",");
  const seats = asked.map((game) => game.currentPlayers).join(",");
  const { data } = useQuery({
    queryKey: [`/api/games/chances?ids=${ids}`, seats],
    queryFn: getQueryFn<GameChances>({ on401: "throw" }),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
  });
  return data ? new Map(data.chances.map((chance) => [chance.gameId, chance])) : undefined;
}
