import { zoneName } from "@common/game-time.ts";
import type { PopularTimes } from "@common/popular-times.ts";
import {
  POPULAR_TIMES_MIN_CHECK_INS,
  POPULAR_TIMES_MIN_DAYS,
  POPULAR_TIMES_WEEKS,
} from "@common/popular-times-limits.ts";
import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { type ComponentProps, Suspense } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { preloadable } from "@/lib/preloadable.ts";
import type * as Chart from "./popular-times-chart.tsx";
import { hourLabel, LEVEL_LABELS, playersLabel, slotLabel } from "./popular-times-format.ts";
import { popularTimesQuery } from "./popular-times-query.ts";

// Below the court page's first screen: the chart and Radix's tabs are their own chunk, hydrated
// after the page around them (the server's HTML stays meanwhile; issue 13).
const PopularTimesChart = preloadable<ComponentProps<typeof Chart.PopularTimesChart>>(() =>
  import("./popular-times-chart.tsx").then((m) => ({ default: m.PopularTimesChart })),
);

/** The zone's short name now ('PT'): the hours below are the court's. */
const zoneOf = (timeZone: string) => zoneName(new Date(), timeZone);

function TooLittleHistory({ times }: { times: PopularTimes }) {
  return (
    <p className="text-sm text-muted-foreground">
      Not enough check-ins yet to tell when this court is busy: {times.checkIns}{" "}
      {times.checkIns === 1 ? "check-in" : "check-ins"} on {times.days}{" "}
      {times.days === 1 ? "day" : "days"} in the last {POPULAR_TIMES_WEEKS} weeks. Popular times
      show once players have checked in {POPULAR_TIMES_MIN_CHECK_INS} times on{" "}
      {POPULAR_TIMES_MIN_DAYS} different days.
    </p>
  );
}

function Summary({ times }: { times: PopularTimes }) {
  const zone = zoneOf(times.timeZone);
  return (
    <div className="space-y-1 text-sm">
      {times.now && (
        <p>
          <span className="font-semibold">{LEVEL_LABELS[times.now.level]}</span> around{" "}
          {hourLabel(times.now.hour)} {zone}.
        </p>
      )}
      {times.bestFullRun ? (
        <p>
          Best hour for a full 5-on-5:{" "}
          <span className="font-semibold">{slotLabel(times.bestFullRun)}</span> {zone} (
          {playersLabel(times.bestFullRun.players)}).
        </p>
      ) : (
        times.busiest && (
          <p>
            No hour usually has 10 players for a full 5-on-5 yet. Busiest:{" "}
            <span className="font-semibold">{slotLabel(times.busiest)}</span> {zone} (
            {playersLabel(times.busiest.players)}).
          </p>
        )
      )}
    </div>
  );
}

/** Popular times from real check-ins, in the court's own clock; never a made-up curve. */
export function PopularTimesCard({ courtId }: { courtId: number }) {
  const query = useQuery(popularTimesQuery(courtId));
  const times = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Clock className="size-5 text-brand" aria-hidden="true" />
          Popular times
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : !times ? (
          <p className="text-sm text-muted-foreground">Popular times could not be loaded.</p>
        ) : times.enoughData && times.week && times.now ? (
          <>
            <Summary times={times} />
            {/* About the chart's height, for a page the browser renders itself. */}
            <Suspense fallback={<div className="h-48" />}>
              <PopularTimesChart week={times.week} now={times.now} />
            </Suspense>
            <p className="text-xs text-muted-foreground">
              Players usually here, from {times.checkIns} check-ins in the last{" "}
              {POPULAR_TIMES_WEEKS} weeks; hours in the court's time ({zoneOf(times.timeZone)}).
            </p>
          </>
        ) : (
          <TooLittleHistory times={times} />
        )}
      </CardContent>
    </Card>
  );
}
