import type { NearbyPlayer } from "@common/players.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/players/nearby: ranked by the server (available, skill match, distance). */
export const nearbyPlayersQuery = queryOptions({
  queryKey: ["/api/players/nearby"],
  queryFn: getQueryFn<NearbyPlayer[]>({ on401: "throw" }),
});

export const useNearbyPlayers = () => useQuery(nearbyPlayersQuery);
