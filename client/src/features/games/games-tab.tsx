import type { Game } from "@common/games.ts";
import type { PlayerStats } from "@common/profile.ts";
import { Button } from "@/components/ui/button.tsx";
import { GameList } from "@/features/games/game-list.tsx";

/** Spec §9: the first 3 completed games. */
export const RECENT_SHOWN = 3;

type GamesTabProps = {
  /** GET /api/games/my: the player's games, unfinished first. */
  games: readonly Game[] | undefined;
  gamesFailed?: boolean;
  stats: PlayerStats | undefined;
  onFindGames: () => void;
};

/**
 * Spec §2 My Games: current games (every status but completed; a cancelled one is marked by
 * its badge), the first 3 completed, and the player's stats.
 */
export function GamesTab({ games, gamesFailed = false, stats, onFindGames }: GamesTabProps) {
  const current = games?.filter((g) => g.status !== "completed") ?? [];
  const recent = games?.filter((g) => g.status === "completed").slice(0, RECENT_SHOWN) ?? [];
  const loading = games === undefined && !gamesFailed;
  const counters = [
    ["Games Played", stats?.gamesPlayed],
    ["Courts Visited", stats?.courtsVisited],
    ["New Bros", stats?.brosConnected],
  ] as const;
  return (
    <>
      <section aria-labelledby="current-games-heading" className="space-y-2">
        <h2 id="current-games-heading" className="text-lg font-semibold">
          Current Games
        </h2>
        {loading && <p className="text-sm text-muted-foreground">Loading games...</p>}
        {gamesFailed && <p className="text-sm text-muted-foreground">Games could not be loaded.</p>}
        {games !== undefined && current.length === 0 ? (
          <div className="space-y-3 rounded-lg border border-dashed p-6 text-center">
            <p className="font-semibold">No Active Games</p>
            <p className="text-sm text-muted-foreground">
              Find a run near you and get on the court.
            </p>
            <Button onClick={onFindGames}>Find Games</Button>
          </div>
        ) : (
          current.length > 0 && (
            <GameList games={current} label="Current games" className="md:grid-cols-1" inGame />
          )
        )}
      </section>
      <section aria-labelledby="recent-games-heading" className="space-y-2">
        <h2 id="recent-games-heading" className="text-lg font-semibold">
          Recent Games
        </h2>
        {games !== undefined && recent.length === 0 && (
          <p className="text-sm text-muted-foreground">No completed games yet.</p>
        )}
        {recent.length > 0 && (
          <GameList games={recent} label="Recent games" className="md:grid-cols-1" inGame />
        )}
      </section>
      <section aria-labelledby="week-stats-heading" className="space-y-2">
        <h2 id="week-stats-heading" className="text-lg font-semibold">
          This Week's Stats
        </h2>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {counters.map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse rounded-md bg-muted p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value ?? "–"}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
