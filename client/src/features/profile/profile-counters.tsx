import type { PlayerStats } from "@common/profile.ts";
import { cn } from "@/lib/cn.ts";

type ProfileCountersProps = {
  stats: Pick<PlayerStats, "gamesPlayed" | "courtsVisited" | "brosConnected"> | undefined;
  /** Short labels (Games, Courts, Bros) for the card; long ones on the profile page. */
  labels?: "short" | "long";
  className?: string;
};

const LABELS = {
  short: ["Games", "Courts", "Bros"],
  long: ["Games Played", "Courts Visited", "Bros Connected"],
} as const;

/** The three counters; a dash while the numbers are on their way, never an invented one. */
export function ProfileCounters({ stats, labels = "short", className }: ProfileCountersProps) {
  const values = [stats?.gamesPlayed, stats?.courtsVisited, stats?.brosConnected];
  return (
    <dl className={cn("grid grid-cols-3 gap-2 text-center", className)}>
      {LABELS[labels].map((label, i) => (
        <div key={label} className="flex flex-col-reverse rounded-md bg-muted p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-bold">{values[i] ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}
