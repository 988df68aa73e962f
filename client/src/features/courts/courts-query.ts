import type { Court } from "@common/courts.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Spec §7/§9: the court list is cached for 5 minutes. */
export const COURTS_STALE_MS = 5 * 60 * 1000;

/**
 * GET /api/courts, once for the whole directory. Spec §7 puts the filter object in the query
 * key, but filtering and sorting happen on the client: a key per filter would download the
 * same list again at every keystroke and toggle. So the key is the URL alone and the filters
 * are applied in memory (court-filters.ts); see docs/decisions.md. Invalidating
 * ['/api/courts'] (after a check-in, spec §7) still refreshes this entry.
 */
export const courtsQuery = queryOptions<Court[]>({
  queryKey: ["/api/courts"],
  staleTime: COURTS_STALE_MS,
});

export const useCourts = () => useQuery(courtsQuery);
