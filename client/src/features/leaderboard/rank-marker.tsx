import { Award, Crown, type LucideIcon, Medal } from "lucide-react";

// Gold, silver, bronze; each at least 3:1 against the top rows' orange-100 background.
const PODIUM: Record<number, { Icon: LucideIcon; colour: string }> = {
  1: { Icon: Crown, colour: "text-amber-700" },
  2: { Icon: Medal, colour: "text-slate-500" },
  3: { Icon: Award, colour: "text-orange-800" },
};

/** An icon for ranks 1 to 3, '#n' otherwise; screen readers hear "Rank n" either way. */
export function RankMarker({ rank }: { rank: number }) {
  const podium = PODIUM[rank];
  return (
    <span className="flex w-9 shrink-0 justify-center text-base font-bold tabular-nums">
      {podium ? (
        <podium.Icon aria-hidden="true" className={`size-6 ${podium.colour}`} />
      ) : (
        <span aria-hidden="true">#{rank}</span>
      )}
      <span className="sr-only">Rank {rank}</span>
    </span>
  );
}
