import type { PlayerStats } from "@common/profile.ts";
import { useUserStats } from "@/lib/profile-queries.ts";

/** What the zeros mean, said only while they are zeros for that reason. */
function statsNote(stats: PlayerStats): string | null {
  if (stats.gamesPlayed === 0) {
    return "Win rate, rating, time played and streaks start counting after your first game.";
  }
  if (stats.avgRating === 0) return "Your rating shows once other players rate you after a game.";
  return null;
}

/** The Profile's Stats tab (product §2): Win Rate %, Avg Rating, Time Played h, Current Streak. */
export function PlayerStatsGrid() {
  const { data: stats, isPending, isError } = useUserStats();
  if (isPending) return <p role="status">Loading stats...</p>;
  if (isError) return <p className="text-muted-foreground">Stats could not be loaded.</p>;
  const tiles = [
    ["Win Rate", `${Math.round(stats.winRate)}%`],
    ["Avg Rating", stats.avgRating.toFixed(1)],
    ["Time Played", `${stats.totalHours}h`],
    ["Current Streak", String(stats.streak)],
  ] as const;
  const note = statsNote(stats);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="flex flex-col-reverse rounded-lg border p-4 text-center">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
    </div>
  );
}
