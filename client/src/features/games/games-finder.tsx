import { UPCOMING_LIMIT } from "@common/game-limits.ts";
import { Link, useSearchParams } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { useUpcomingGames } from "@/lib/game-queries.ts";
import {
  courtOptions,
  type FinderFilters,
  hasFilters,
  NO_FILTERS,
  readFinderFilters,
  upcomingFiltersOf,
  writeFinderFilters,
} from "./game-filters.ts";
import { GameFiltersBar } from "./game-filters-bar.tsx";
import { GameList, GamesError, GamesLoading } from "./game-list.tsx";

const countText = (count: number) =>
  count >= UPCOMING_LIMIT
    ? `Showing the first ${UPCOMING_LIMIT} games. Narrow the filters to see others.`
    : `${count} ${count === 1 ? "game" : "games"} found`;

function NoGames({
  filtered,
  createHref,
  onClear,
}: {
  filtered: boolean;
  createHref: string;
  onClear: () => void;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-dashed p-6 text-center">
      <p className="font-semibold">No games found</p>
      <p className="text-sm text-muted-foreground">
        {filtered ? "Nothing matches these filters yet." : "No one has scheduled a game yet."} Start
        one and the bros will come.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href={createHref}>Create a game</Link>
        </Button>
        {filtered && (
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * /games' upcoming games, nearest first (the server orders them by the player's saved
 * position), filtered by day, court and open spots. The filters live in the page's URL.
 */
export function GamesFinder() {
  const [params, setParams] = useSearchParams();
  const filters = readFinderFilters(params);
  // Day ranges start at local midnights, so the query key stays the same all day.
  const games = useUpcomingGames(upcomingFiltersOf(filters, new Date()));
  const everyGame = useUpcomingGames();
  const chosen = games.data?.find((g) => g.court.id === filters.courtId)?.court;
  const courts = courtOptions(
    everyGame.data ?? [],
    filters.courtId === undefined
      ? undefined
      : { id: filters.courtId, name: chosen?.name ?? `Court ${filters.courtId}` },
  );
  const change = (next: FinderFilters) =>
    setParams(writeFinderFilters(params, next), { replace: true });
  const createHref = filters.courtId ? `/games/create?courtId=${filters.courtId}` : "/games/create";

  return (
    <div className="space-y-4">
      <GameFiltersBar filters={filters} courts={courts} onChange={change} />
      <p role="status" className="text-sm text-muted-foreground">
        {games.isPending ? "Loading games..." : ""}
        {games.data && games.data.length > 0 ? countText(games.data.length) : ""}
      </p>
      {games.isPending && <GamesLoading announce={false} />}
      {games.isError && <GamesError onRetry={() => void games.refetch()} />}
      {games.data?.length === 0 && (
        <NoGames
          filtered={hasFilters(filters)}
          createHref={createHref}
          onClear={() => change(NO_FILTERS)}
        />
      )}
      {games.data && games.data.length > 0 && (
        <GameList games={games.data} label="Upcoming games" />
      )}
    </div>
  );
}
