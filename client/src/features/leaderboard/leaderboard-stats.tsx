import type { LeaderboardEntry } from "@common/leaderboard.ts";
import { cn } from "@/lib/cn.ts";

type Stat = { label: string; value: string; strong?: boolean };

/**
 * Games, win rate and points: under the name on a phone, a column block on wider screens.
 * Each number keeps its label (read before the number), so no header row is needed.
 */
export function LeaderboardStats({
  entry,
  className,
}: {
  entry: LeaderboardEntry;
  className?: string;
}) {
  const stats: Stat[] = [
    { label: "Games", value: String(entry.gamesPlayed) },
    { label: "Win rate", value: `${entry.winRate}%` },
    { label: "Points", value: String(entry.points), strong: true },
  ];
  return (
    <dl className={cn("grid grid-cols-3 gap-2 text-center", className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse">
          <dt className="text-xs text-muted-foreground">{stat.label}</dt>
          <dd
            className={cn(
              "font-semibold tabular-nums",
              stat.strong && "text-lg font-bold text-primary",
            )}
          >
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
