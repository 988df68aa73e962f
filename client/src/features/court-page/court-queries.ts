import type { CourtDetail, CourtPresence, RecentCourtGame } from "@common/court-page.ts";
import type { CourtGame } from "@common/courts.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** A court page's own reads; every key starts with the court's URL, so one prefix refreshes all. */

/** GET /api/courts/{id}: the facts, retired courts included (404 'Court not found.'). */
export const courtQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/courts/${id}`],
    queryFn: getQueryFn<CourtDetail>({ on401: "throw" }),
    staleTime: 60_000,
  });

/** GET /api/courts/{id}/presence: who is here now; players come and go, so it is re-read. */
export const presenceQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/courts/${id}/presence`],
    queryFn: getQueryFn<CourtPresence>({ on401: "throw" }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** GET /api/courts/{id}/games: games still to come at the court. */
export const upcomingCourtGamesQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/courts/${id}/games`],
    queryFn: getQueryFn<CourtGame[]>({ on401: "throw" }),
    staleTime: 30_000,
  });

/** GET /api/courts/{id}/recent-games: the latest played games with their scores. */
export const recentCourtGamesQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/courts/${id}/recent-games`],
    queryFn: getQueryFn<RecentCourtGame[]>({ on401: "throw" }),
  });
