import type { CourtKing, Crown } from "@common/court-kings.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/courts/{id}/kings: the court's top 10 of the last 90 days. */
export const courtKingsQuery = (courtId: number) =>
  queryOptions({
    queryKey: [`/api/courts/${courtId}/kings`],
    queryFn: getQueryFn<CourtKing[]>({ on401: "throw" }),
    staleTime: 60_000,
  });

/** GET /api/user/crowns: the courts where the signed-in player reigns. */
export const crownsQuery = queryOptions({
  queryKey: ["/api/user/crowns"],
  queryFn: getQueryFn<Crown[]>({ on401: "throw" }),
  staleTime: 60_000,
});
