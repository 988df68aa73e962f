import type { Court } from "@common/courts.ts";
import { lazy, Suspense, useDeferredValue, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { CheckInDialog } from "@/features/checkins/check-in-dialog.tsx";
import { CourtCardGrid } from "./court-card-grid.tsx";
import { CourtDetailsPanel } from "./court-details-panel.tsx";
import { type CourtMatch, DEFAULT_FILTERS, filterCourts, sortCourts } from "./court-filters.ts";
import { CourtFiltersBar } from "./court-filters-bar.tsx";
import { formatCount } from "./court-format.ts";
import { CourtGamesDialog } from "./court-games-dialog.tsx";
import { CourtListStatus } from "./court-list-status.tsx";
import { useCourts } from "./courts-query.ts";
import { CourtsSummary } from "./courts-summary.tsx";
import { nearbyFromSearch } from "./map-view.ts";
import { SignUpDialog } from "./sign-up-dialog.tsx";
import { useCourtActions } from "./use-court-actions.ts";

// Leaflet is the heaviest part of the page: the filters and cards do not wait for it.
const CourtsMap = lazy(() => import("./courts-map.tsx"));

const NO_COURTS: Court[] = [];

/** The courts directory of spec §2: counts, filters, map, side panel and card grid. */
export function CourtsDirectory() {
  const query = useSearch();
  const nearby = useMemo(() => nearbyFromSearch(query), [query]);
  const { data, isPending, isError, refetch } = useCourts();
  const courts = data ?? NO_COURTS;
  const actions = useCourtActions();
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  // Typing stays responsive: filtering 10,000 courts and re-clustering the map run deferred.
  const { search, courtType, litOnly, freeOnly, sort } = useDeferredValue(filters);
  const match = useMemo<CourtMatch>(
    () => ({ search, courtType, litOnly, freeOnly }),
    [search, courtType, litOnly, freeOnly],
  );
  const matchKey = JSON.stringify(match);
  const found = useMemo(() => filterCourts(courts, match), [courts, match]);
  // Sorted once per sort choice; a new search then only filters the sorted list.
  const sorted = useMemo(() => sortCourts(courts, sort), [courts, sort]);
  const cards = useMemo(() => filterCourts(sorted, match), [sorted, match]);
  const activePlayers = useMemo(() => courts.reduce((n, c) => n + c.activePlayers, 0), [courts]);
  const selected = useMemo(
    () => courts.find((court) => court.id === selectedId) ?? null,
    [courts, selectedId],
  );

  return (
    <div className="space-y-6">
      {data && (
        <CourtsSummary
          found={found.length}
          available={courts.length}
          activePlayers={activePlayers}
        />
      )}
      <CourtFiltersBar filters={filters} onChange={setFilters} />
      <p role="status" className="sr-only">
        {data ? `${formatCount(found.length)} courts found` : ""}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* isolate: Leaflet's z-indexes stay inside the map, under the sticky headers. */}
        <section
          aria-label="Map of courts"
          className="isolate h-96 overflow-hidden rounded-lg border lg:h-[34rem]"
        >
          <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
            <CourtsMap
              courts={data ? found : undefined}
              nearby={nearby}
              filtersKey={matchKey}
              search={search}
              selected={selected}
              onSelect={(court) => setSelectedId(court.id)}
            />
          </Suspense>
        </section>
        <CourtDetailsPanel court={selected} actions={actions} />
      </div>
      <section aria-labelledby="court-list-heading" className="space-y-4">
        <h2 id="court-list-heading" className="text-xl font-semibold">
          All courts
        </h2>
        {data ? (
          <CourtCardGrid
            key={`${matchKey}:${sort}`}
            courts={cards}
            selectedId={selectedId}
            actions={actions}
          />
        ) : (
          <CourtListStatus isPending={isPending} isError={isError} onRetry={() => refetch()} />
        )}
      </section>
      <SignUpDialog action={actions.signUpAction} onClose={actions.closeSignUp} />
      <CourtGamesDialog court={actions.gamesCourt} onClose={actions.closeGames} />
      <CheckInDialog {...actions.checkInDialogProps} />
    </div>
  );
}
