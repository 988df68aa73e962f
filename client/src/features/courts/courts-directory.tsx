import type { Court } from "@common/courts.ts";
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { ClientOnly } from "@/components/ui/client-only.tsx";
import { lazyDialog } from "@/components/ui/lazy-dialog.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatCount } from "@/lib/format-count.ts";
import { preloadable } from "@/lib/preloadable.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import {
  initialView,
  MAP_BOX_ATTRIBUTE,
  nearbyFromSearch,
  viewForCourts,
} from "../../components/map/map-view.ts";
import { CourtCardGrid } from "./court-card-grid.tsx";
import { CourtDetailsPanel } from "./court-details-panel.tsx";
import { DEFAULT_FILTERS, filterParams } from "./court-filters.ts";
import { CourtFiltersBar } from "./court-filters-bar.tsx";
import { CourtListStatus } from "./court-list-status.tsx";
import { useCourtOverview } from "./court-overview-query.ts";
import { courtsOf, totalOf, useCourtPages } from "./court-page-query.ts";
import { CourtsSummary } from "./courts-summary.tsx";
import { useTileItems } from "./map/court-tiles-query.ts";
import type { MapTarget } from "./map/courts-map.tsx";
import { itemsOfCourts } from "./map/map-items.ts";
import type { MapViewState } from "./map/view-tiles.ts";
import { useCourtActions } from "./use-court-actions.ts";

// Leaflet is the heaviest part of the page: the filters and cards do not wait for it. Its
// chunk is asked for as soon as this module runs in the browser, not once the directory first
// renders. Never on the server's renderer: Leaflet needs a window, and the map is client-only.
const CourtsMap = preloadable(() => import("./map/courts-map.tsx"));
if (typeof window !== "undefined") void CourtsMap.preload();

// Dialogs load when first opened (their buttons are there from the start).
const SignUpDialog = lazyDialog(
  () => import("../../components/sign-up-dialog.tsx").then((m) => m.SignUpDialog),
  (props) => props.action !== null,
);
const CourtGamesDialog = lazyDialog(
  () => import("./court-games-dialog.tsx").then((m) => m.CourtGamesDialog),
  (props) => props.court !== null,
);
const CheckInDialog = lazyDialog(
  () => import("@/components/check-in-dialog.tsx").then((m) => m.CheckInDialog),
  (props) => props.open,
);

/** A search runs on the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The courts directory of product §2 at national scale (decisions §33): the map shows the server's
 * clustered tiles of its view, the cards are the view's courts a page at a time, and a search
 * looks through every court on the server; nothing downloads all courts.
 */
export function CourtsDirectory() {
  const query = useSearch();
  const nearby = useMemo(() => nearbyFromSearch(query), [query]);
  const overview = useCourtOverview();
  const actions = useCourtActions();
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [view, setView] = useState<MapViewState | null>(null);
  const [selected, setSelected] = useState<Court | null>(null);

  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = search !== "";
  const toggles = useMemo(
    () =>
      filterParams({
        courtType: filters.courtType,
        litOnly: filters.litOnly,
        freeOnly: filters.freeOnly,
      }),
    [filters.courtType, filters.litOnly, filters.freeOnly],
  );
  const listParams = useMemo(() => {
    const params = new URLSearchParams(toggles);
    params.set("sort", filters.sort);
    if (searching) params.set("q", search);
    else if (view) params.set("bbox", view.bbox.map((n) => n.toFixed(5)).join(","));
    return params;
  }, [toggles, filters.sort, searching, search, view]);
  const pages = useCourtPages(listParams, searching || view !== null);
  // The cards (below the map) render from a deferred copy: React draws a page of them in short
  // slices after the answer's urgent render, instead of in the one long task that also draws
  // the map (Lighthouse's blocking time on /courts, issue 13).
  const listData = useDeferredValue(pages.data);
  const listed = useMemo(() => courtsOf(listData), [listData]);
  const { total, more } = totalOf(listData);
  const tiles = useTileItems(view, toggles, !searching);
  const searchItems = useMemo(
    () => (listData ? itemsOfCourts(listed) : undefined),
    [listData, listed],
  );
  const items = searching ? searchItems : tiles.items;

  // The map goes where the courts are (or near the visitor), then to each search's results.
  // The first place is known in the render that mounts the map (the overview is prefetched with
  // the page), so the map's first tiles are those of that place, not of the default view.
  const [searchTarget, setTarget] = useState<MapTarget | null>(null);
  const overviewBounds = overview.data?.bounds;
  const firstTarget = useMemo<MapTarget | null>(() => {
    if (nearby) return { key: "nearby", view: initialView(null, nearby) };
    if (overviewBounds === undefined) return null;
    return { key: "overview", view: initialView(overviewBounds, null) };
  }, [nearby, overviewBounds]);
  const target = searchTarget ?? firstTarget;
  const firstPage = pages.data?.pages[0]?.courts;
  const resultsKey = `search:${listParams}`;
  useEffect(() => {
    if (!searching || !firstPage || firstPage.length === 0) return;
    setTarget((current) =>
      current?.key === resultsKey ? current : { key: resultsKey, view: viewForCourts(firstPage) },
    );
  }, [searching, firstPage, resultsKey]);

  const onViewChange = useCallback((next: MapViewState) => setView(next), []);
  const { fetchNextPage } = pages;
  const onShowMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const foundText = more ? `${formatCount(total)}+` : formatCount(total);
  return (
    <div className="space-y-6">
      {/* Shown from the start, counts filled in when they arrive: no layout shift. */}
      <CourtsSummary
        found={listData ? foundText : undefined}
        available={overview.data?.totalCourts}
        activePlayers={overview.data?.activePlayers}
      />
      <CourtFiltersBar filters={filters} onChange={setFilters} />
      <p role="status" className="sr-only">
        {listData ? `${foundText} courts found` : ""}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* isolate: Leaflet's z-indexes stay inside the map, under the sticky headers. */}
        <section
          aria-label="Map of courts"
          {...{ [MAP_BOX_ATTRIBUTE]: "" }}
          className="contain-box relative isolate h-96 overflow-hidden rounded-lg border lg:h-[34rem]"
        >
          {/* Leaflet needs the browser: the server sends the frame, the map comes with JS. */}
          <ClientOnly fallback={<Skeleton className="size-full rounded-none" />}>
            <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
              <CourtsMap
                items={items}
                target={target}
                selected={selected}
                onViewChange={onViewChange}
                onSelect={setSelected}
              />
            </Suspense>
          </ClientOnly>
        </section>
        <CourtDetailsPanel court={selected} actions={actions} />
      </div>
      <section aria-labelledby="court-list-heading" className="below-fold space-y-4">
        <h2 id="court-list-heading" className="text-xl font-semibold">
          {searching ? "Search results" : "Courts in this map view"}
        </h2>
        {listData ? (
          <CourtCardGrid
            courts={listed}
            total={foundText}
            hasMore={pages.hasNextPage}
            loadingMore={pages.isFetchingNextPage}
            onShowMore={onShowMore}
            selectedId={selected?.id ?? null}
            actions={actions}
            emptyHint={
              searching
                ? "Try other words, or Clear All Filters."
                : "Move or zoom out the map, or Clear All Filters."
            }
          />
        ) : (
          <CourtListStatus
            isPending={!pages.isError}
            isError={pages.isError}
            onRetry={() => void pages.refetch()}
          />
        )}
      </section>
      <SignUpDialog action={actions.signUpAction} onClose={actions.closeSignUp} />
      <CourtGamesDialog court={actions.gamesCourt} onClose={actions.closeGames} />
      <CheckInDialog {...actions.checkInDialogProps} />
    </div>
  );
}
