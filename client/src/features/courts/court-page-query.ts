import { COURT_PAGE_SIZE, COURTS_COUNT_CAP } from "@common/court-limits.ts";
import type { Court } from "@common/courts.ts";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getList } from "@/lib/api.ts";
import { nextTask } from "@/lib/next-task.ts";

/** Spec §7/§9: court reads are cached for 5 minutes. */
export const COURTS_STALE_MS = 5 * 60 * 1000;

export type CourtPage = { courts: Court[]; total: number; offset: number };

/**
 * GET /api/courts, one page at a time (decisions §33): the cards of the map's view or of a
 * search, sorted on the server. The key's first element is the URL with every parameter but the
 * offset, which each page adds. X-Total-Count says how many match; past COURTS_COUNT_CAP it
 * only says "more".
 */
export function courtPagesQuery(params: URLSearchParams) {
  const url = `/api/courts?${params}`;
  return infiniteQueryOptions({
    queryKey: [url],
    initialPageParam: 0,
    staleTime: COURTS_STALE_MS,
    queryFn: async ({ pageParam }): Promise<CourtPage> => {
      // Asked for when the map moves, with the view's tiles: in a task of its own
      // (court-tiles-query.ts says why).
      await nextTask();
      const page = `${url}&offset=${pageParam}&limit=${COURT_PAGE_SIZE}`;
      const { items, total } = await getList<Court>(page);
      return { courts: items, total, offset: pageParam };
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.courts.length;
      return last.courts.length === COURT_PAGE_SIZE && next < last.total ? next : undefined;
    },
  });
}

export const useCourtPages = (params: URLSearchParams, enabled: boolean) =>
  useInfiniteQuery({ ...courtPagesQuery(params), enabled });

/** Every court of the pages loaded so far, once each. */
export function courtsOf(data: InfiniteData<CourtPage> | undefined): Court[] {
  const seen = new Set<number>();
  const courts: Court[] = [];
  for (const page of data?.pages ?? []) {
    for (const court of page.courts) {
      if (seen.has(court.id)) continue;
      seen.add(court.id);
      courts.push(court);
    }
  }
  return courts;
}

/** How many match, and whether that is a lower bound ("10,000+"). */
export function totalOf(data: InfiniteData<CourtPage> | undefined) {
  const total = data?.pages[0]?.total ?? 0;
  return { total: Math.min(total, COURTS_COUNT_CAP), more: total > COURTS_COUNT_CAP };
}
