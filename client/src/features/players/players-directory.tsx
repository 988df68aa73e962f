import type { NearbyPlayer } from "@common/players.ts";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useNearbyPlayers } from "./nearby-players-query.ts";
import { PlayerCard } from "./player-card.tsx";
import { filterPlayers, NO_PLAYER_FILTERS } from "./player-filters.ts";
import { PlayerFiltersBar } from "./player-filters-bar.tsx";

/**
 * "Connect with bros": the nearby players as Player cards, best match first (the server's
 * order), narrowed in the browser by position, skill level and availability.
 */
export function PlayersDirectory({
  hasLocation,
  cardExtra,
  firstIds,
}: {
  hasLocation: boolean;
  /** What the page adds to each card (the friend control). */
  cardExtra?: (player: NearbyPlayer) => ReactNode;
  /** Players shown before the rest, in the server's order among themselves (friends). */
  firstIds?: ReadonlySet<string>;
}) {
  const { data: players, isPending, isError } = useNearbyPlayers();
  const [filters, setFilters] = useState(NO_PLAYER_FILTERS);
  const filtered = filterPlayers(players ?? [], filters);
  const shown = firstIds
    ? [
        ...filtered.filter((p) => firstIds.has(p.id)),
        ...filtered.filter((p) => !firstIds.has(p.id)),
      ]
    : filtered;

  return (
    <div className="space-y-4">
      <PlayerFiltersBar filters={filters} onChange={setFilters} />
      {isPending && (
        <div role="status" className="grid gap-3 md:grid-cols-2">
          <span className="sr-only">Loading players...</span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      )}
      {isError && <p className="text-muted-foreground">Players could not be loaded.</p>}
      {players && !hasLocation && (
        <p className="rounded-lg border bg-card p-4 text-muted-foreground">
          Set your city to see the bros near you. Until then, other players can't find you either:
          the list is by distance.{" "}
          <Link href="/settings" className="font-medium text-primary underline">
            Set location
          </Link>
        </p>
      )}
      {players && hasLocation && (
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {shown.length === 1 ? "1 bro" : `${shown.length} bros`} within 50 miles
        </p>
      )}
      {players && hasLocation && players.length > 0 && shown.length === 0 && (
        <p className="text-muted-foreground">No bros match these filters.</p>
      )}
      {players && hasLocation && players.length === 0 && (
        <p className="text-muted-foreground">No bros near you yet. Invite your crew!</p>
      )}
      <ul className="grid gap-3 md:grid-cols-2">
        {shown.map((player) => (
          <li key={player.id}>
            <PlayerCard player={player} headingLevel="h2" extra={cardExtra?.(player)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
