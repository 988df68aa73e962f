import type { UpcomingGame } from "@common/players.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** The next games to join; see server/modules/players/upcoming-games.ts. */
export const upcomingGamesQuery = queryOptions({
  queryKey: ["/api/dashboard/upcoming-games"],
  queryFn: getQueryFn<UpcomingGame[]>({ on401: "throw" }),
});

export const useUpcomingGames = () => useQuery(upcomingGamesQuery);
