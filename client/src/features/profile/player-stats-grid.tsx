import { useUserStats } from "./profile-queries.ts";

/** The Profile's Stats tab (spec §2): Win Rate %, Avg Rating, Time Played h, Current Streak. */
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
      {/* Honest about the zeros: nothing records results, ratings or time yet. */}
      <p className="text-sm text-muted-foreground">
        Win rate, rating, time played and streaks start counting once game results are recorded.
      </p>
    </div>
  );
}
