import type { Metrics } from "@common/metrics.ts";
import { CalendarDays, MapPin, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";

/** Spec §2/§9 fallbacks, used only when a value is missing (a real 0 shows 0). */
export const DASHBOARD_FALLBACKS = { activeBros: 127, liveCourts: 43, yourGames: 3 } as const;

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

type StatCardsProps = {
  metrics: Partial<Metrics> | undefined;
  /** The caller's games; undefined when they could not be counted. */
  yourGames: number | undefined;
  /** Games won from real results; undefined while unknown (shown as a dash, never invented). */
  gamesWon: number | undefined;
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

/** The dashboard's four stat cards: Active Bros, Live Courts, Your Games, Games Won. */
export function StatCards({ metrics, yourGames, gamesWon }: StatCardsProps) {
  const activeBros = isCount(metrics?.activeUsers)
    ? metrics.activeUsers
    : DASHBOARD_FALLBACKS.activeBros;
  const liveCourts = isCount(metrics?.totalCourts)
    ? metrics.totalCourts
    : DASHBOARD_FALLBACKS.liveCourts;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Active Bros"
        value={activeBros}
        icon={<Users aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Live Courts"
        value={liveCourts}
        icon={<MapPin aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Your Games"
        value={isCount(yourGames) ? yourGames : DASHBOARD_FALLBACKS.yourGames}
        icon={<CalendarDays aria-hidden="true" className="size-4" />}
      />
      <Stat
        label="Games Won"
        value={isCount(gamesWon) ? gamesWon : "–"}
        icon={<Trophy aria-hidden="true" className="size-4" />}
      />
    </dl>
  );
}
