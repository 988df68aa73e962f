import { CalendarDays, MapPin, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";

/** Spec §2/§9 fallbacks, used only when a value is missing (a real 0 shows 0). */
export const DASHBOARD_FALLBACKS = { activeBros: 127, liveCourts: 43, yourGames: 3 } as const;

/** A counter as its query knows it: still loading, a number, or missing (failed or absent). */
export type Count = number | "loading" | undefined;

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

type StatCardsProps = {
  activeBros: Count;
  liveCourts: Count;
  /** The caller's games. */
  yourGames: Count;
  /** Games won from real results; a dash when unknown, never invented. */
  gamesWon: Count;
};

function Stat({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-lg border bg-card p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="text-3xl font-bold">{value}</dd>
    </div>
  );
}

/**
 * A loading counter holds its card's size with a placeholder (issue 31: the fallbacks flashed
 * as if real while the metrics loaded); only a failed or absent one shows its fallback.
 */
function shown(count: Count, fallback: ReactNode): ReactNode {
  if (count === "loading") {
    return (
      <>
        <Skeleton className="h-9 w-16" />
        <span className="sr-only">Loading…</span>
      </>
    );
  }
  return isCount(count) ? count : fallback;
}

/** The dashboard's four stat cards: Active Bros, Live Courts, Your Games, Games Won. */
export function StatCards({ activeBros, liveCourts, yourGames, gamesWon }: StatCardsProps) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Active Bros"
        value={shown(activeBros, DASHBOARD_FALLBACKS.activeBros)}
        icon={<Users aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Live Courts"
        value={shown(liveCourts, DASHBOARD_FALLBACKS.liveCourts)}
        icon={<MapPin aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Your Games"
        value={shown(yourGames, DASHBOARD_FALLBACKS.yourGames)}
        icon={<CalendarDays aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Games Won"
        value={shown(gamesWon, "–")}
        icon={<Trophy aria-hidden="true" className="size-4" />}
      />
    </dl>
  );
}
