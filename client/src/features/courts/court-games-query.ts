import type { CourtGame } from "@common/courts.ts";
import { queryOptions } from "@tanstack/react-query";

/**
 * GET /api/courts/{id}/games, read when the Join Game dialog opens. Games fill up and start,
 * so unlike the spec's never-stale default this is re-read when the dialog opens again after
 * 30 seconds.
 */
export const courtGamesQuery = (courtId: number) =>
  queryOptions<CourtGame[]>({
    queryKey: [`/api/courts/${courtId}/games`],
    staleTime: 30_000,
  });
