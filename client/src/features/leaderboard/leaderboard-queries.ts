import type { LeaderboardCity, LeaderboardEntry } from "@common/leaderboard.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/**
 * Every read of the leaderboard API (public). The query key's first element is the URL
 * (product §7), so a finished game refreshes them all by the "/api/leaderboard" prefix.
 */

export type LeaderboardPlace = { city: string; state: string };

const readEntries = getQueryFn<LeaderboardEntry[]>({ on401: "throw" });

/** GET /api/leaderboard/global: all time, rank 1 first. */
export const globalLeaderboardQuery = queryOptions({
  queryKey: ["/api/leaderboard/global"],
  queryFn: readEntries,
});

/** GET /api/leaderboard/weekly: games that ended in the last WEEKLY_DAYS days. */
export const weeklyLeaderboardQuery = queryOptions({
  queryKey: ["/api/leaderboard/weekly"],
  queryFn: readEntries,
});

export function localLeaderboardUrl(place: LeaderboardPlace): string {
  const params = new URLSearchParams({ city: place.city, state: place.state });
  return `/api/leaderboard/local?${params}`;
}

/** GET /api/leaderboard/local?city=&state=: the players of one city. */
export const localLeaderboardQuery = (place: LeaderboardPlace) =>
  queryOptions({ queryKey: [localLeaderboardUrl(place)], queryFn: readEntries });

/** GET /api/leaderboard/cities: cities with ranked players, most players first. */
export const leaderboardCitiesQuery = queryOptions({
  queryKey: ["/api/leaderboard/cities"],
  queryFn: getQueryFn<LeaderboardCity[]>({ on401: "throw" }),
});

export const useGlobalLeaderboard = () => useQuery(globalLeaderboardQuery);
export const useWeeklyLeaderboard = () => useQuery(weeklyLeaderboardQuery);
export const useLocalLeaderboard = (place: LeaderboardPlace) =>
  useQuery(localLeaderboardQuery(place));
export const useLeaderboardCities = () => useQuery(leaderboardCitiesQuery);
