import type { PlayerStats, RecentGame } from "@common/profile.ts";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";

/** Spec §9: the first 3 completed games. */
export const RECENT_SHOWN = 3;

type GamesTabProps = {
  games: readonly RecentGame[] | undefined;
  stats: PlayerStats | undefined;
  onFindGames: () => void;
};

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

function GameRow({ game }: { game: RecentGame }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border bg-card p-3">
      <div className="min-w-0">
        <Link href={`/game/${game.id}`} className="block truncate font-medium hover:underline">
          {game.title || game.court.name || "Basketball Game"}
        </Link>
        <p className="text-sm text-muted-foreground">
          {dateFormat.format(new Date(game.scheduledAt))} · {game.court.name}
        </p>
      </div>
      <span className="text-sm capitalize text-muted-foreground">{game.status}</span>
    </li>
  );
}

/** Spec §2 My Games: current (not completed), recent completed, and the player's stats. */
export function GamesTab({ games, stats, onFindGames }: GamesTabProps) {
  const current = games?.filter((g) => g.status !== "completed") ?? [];
  const recent = games?.filter((g) => g.status === "completed").slice(0, RECENT_SHOWN) ?? [];
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
        {games === undefined && <p className="text-sm text-muted-foreground">Loading games...</p>}
        {games !== undefined && current.length === 0 ? (
          <div className="space-y-3 rounded-lg border border-dashed p-6 text-center">
            <p className="font-semibold">No Active Games</p>
            <p className="text-sm text-muted-foreground">
              Find a run near you and get on the court.
            </p>
            <Button onClick={onFindGames}>Find Games</Button>
          </div>
        ) : (
          <ul className="space-y-2">
            {current.map((game) => (
              <GameRow key={game.id} game={game} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recent-games-heading" className="space-y-2">
        <h2 id="recent-games-heading" className="text-lg font-semibold">
          Recent Games
        </h2>
        {games !== undefined && recent.length === 0 && (
          <p className="text-sm text-muted-foreground">No completed games yet.</p>
        )}
        <ul className="space-y-2">
          {recent.map((game) => (
            <GameRow key={game.id} game={game} />
          ))}
        </ul>
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
