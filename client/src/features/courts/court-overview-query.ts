import type { CourtOverview } from "@common/courts.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { COURTS_STALE_MS } from "./court-page-query.ts";
import { COURT_OVERVIEW_URL } from "./map/first-map.ts";

/** GET /api/courts/overview: how many courts and players, and where the courts are. */
export const courtOverviewQuery = queryOptions<CourtOverview>({
  queryKey: [COURT_OVERVIEW_URL],
  staleTime: COURTS_STALE_MS,
});

export const useCourtOverview = () => useQuery(courtOverviewQuery);
