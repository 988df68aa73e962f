import type { Game, GivenRating, Participant } from "@common/games.ts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";
import { keyStartsWith } from "@/lib/query-match.ts";

/**
 * Every read of the games API, one queryOptions each (the query key's first element is the
 * URL, product §7). Mutations refresh through these keys with `refreshGame`.
 */

/** GET /api/games/{id}: public; 404 'Game not found'. */
export const gameQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/games/${id}`],
    queryFn: getQueryFn<Game>({ on401: "throw" }),
  });

/** GET /api/games/{id}/participants: public. */
export const participantsQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/games/${id}/participants`],
    queryFn: getQueryFn<Participant[]>({ on401: "throw" }),
  });

/** GET /api/games/{id}/ratings: the ratings the signed-in caller gave in that game. */
export const givenRatingsQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/games/${id}/ratings`],
    queryFn: getQueryFn<GivenRating[]>({ on401: "throw" }),
  });

/** The filters of GET /api/games/upcoming, all optional. */
export type UpcomingFilters = {
  from?: string;
  to?: string;
  courtId?: number;
  openSpots?: boolean;
  lat?: number;
  lng?: number;
};

export function upcomingGamesUrl(filters: UpcomingFilters = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== false) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/api/games/upcoming?${query}` : "/api/games/upcoming";
}

/** GET /api/games/upcoming: games still to be played; the URL carries the filters. */
export const upcomingGamesQuery = (filters: UpcomingFilters = {}) =>
  queryOptions({
    queryKey: [upcomingGamesUrl(filters)],
    queryFn: getQueryFn<Game[]>({ on401: "throw" }),
  });

/** GET /api/games/my: the games the caller holds a seat in. */
export const myGamesQuery = queryOptions({
  queryKey: ["/api/games/my"],
  queryFn: getQueryFn<Game[]>({ on401: "throw" }),
});

/** GET /api/games/my-games: the games the caller organizes. */
export const myOrganizedGamesQuery = queryOptions({
  queryKey: ["/api/games/my-games"],
  queryFn: getQueryFn<Game[]>({ on401: "throw" }),
});

export const useGame = (id: number) => useQuery(gameQuery(id));
export const useParticipants = (id: number) => useQuery(participantsQuery(id));
export const useUpcomingGames = (filters: UpcomingFilters = {}) =>
  useQuery(upcomingGamesQuery(filters));
export const useMyGames = () => useQuery(myGamesQuery);
export const useMyOrganizedGames = () => useQuery(myOrganizedGamesQuery);

/**
 * After a join, leave, cancel, result or rating: the game and its players (product §4), and every
 * list and figure a game can change (the caller's games, upcoming lists, stats, badges,
 * leaderboards, the landing counters).
 */
export async function refreshGame(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: gameQuery(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: participantsQuery(id).queryKey }),
    queryClient.invalidateQueries(keyStartsWith("/api/games/upcoming")),
    queryClient.invalidateQueries({ queryKey: myGamesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: myOrganizedGamesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: ["/api/user/games"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/user/stats"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/user/achievements"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/badges/my"] }),
    queryClient.invalidateQueries(keyStartsWith("/api/leaderboard")),
    queryClient.invalidateQueries({ queryKey: ["/api/metrics"] }),
    queryClient.invalidateQueries(keyStartsWith(`/api/courts/`)),
  ]);
}
