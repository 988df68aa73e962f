import { WEEKDAYS } from "@common/popular-times-limits.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { cn } from "@/lib/cn.ts";
import { hourLabel, playersLabel } from "./popular-times-format.ts";

type ChartProps = {
  /** week[day - 1][hour]: players usually there. */
  week: number[][];
  /** The court's clock now (ISO weekday, hour): that day opens first, that hour stands out. */
  now: { day: number; hour: number };
};

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function DayBars({
  day,
  hours,
  peak,
  nowHour,
}: {
  day: string;
  hours: number[];
  peak: number;
  nowHour: number | null;
}) {
  return (
    <>
      <ol
        aria-label={`Players usually here on ${day}, by hour`}
        className="flex h-32 items-end gap-px"
      >
        {HOURS.map((hour) => {
          const players = hours[hour] ?? 0;
          const current = nowHour === hour;
          return (
            <li key={hour} className="flex h-full flex-1 flex-col justify-end">
              <span className="sr-only">
                {hourLabel(hour)}: {playersLabel(players)}
                {current ? " (now)" : ""}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "block rounded-t-sm",
                  players === 0 ? "bg-muted" : current ? "bg-orange-700" : "bg-orange-300",
                )}
                style={{ height: `${Math.max(4, (players / peak) * 100)}%` }}
              />
            </li>
          );
        })}
      </ol>
      <div aria-hidden="true" className="mt-1 flex text-xs text-muted-foreground">
        {HOURS.filter((hour) => hour % 6 === 0).map((hour) => (
          <span key={hour} className="flex-1">
            {hourLabel(hour)}
          </span>
        ))}
      </div>
    </>
  );
}

/**
 * One day at a time (tabs, Monday first), 24 labelled bars: each bar is a list item whose text
 * ('6 PM: about 4 players') screen readers read; the bars themselves are decoration.
 */
export function PopularTimesChart({ week, now }: ChartProps) {
  const peak = Math.max(1, ...week.flat());
  return (
    <Tabs defaultValue={String(now.day)}>
      <TabsList className="grid w-full grid-cols-7">
        {WEEKDAYS.map((day, i) => (
          <TabsTrigger key={day} value={String(i + 1)} aria-label={day} className="px-1">
            {day.slice(0, 3)}
          </TabsTrigger>
        ))}
      </TabsList>
      {WEEKDAYS.map((day, i) => (
        <TabsContent key={day} value={String(i + 1)}>
          {(week[i] ?? []).some((players) => players > 0) ? (
            <DayBars
              day={day}
              hours={week[i] ?? []}
              peak={peak}
              nowHour={now.day === i + 1 ? now.hour : null}
            />
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Nobody usually here on {day}s.
            </p>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
