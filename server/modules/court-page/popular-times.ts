import { sql } from "drizzle-orm";
import { CHECK_IN_HOURS } from "../../../common/checkins.ts";
import {
  BUSY_SHARE,
  type BusyLevel,
  FULL_RUN_PLAYERS,
  POPULAR_TIMES_MIN_CHECK_INS,
  POPULAR_TIMES_MIN_DAYS,
  POPULAR_TIMES_WEEKS,
  type PopularSlot,
  type PopularTimes,
  QUIET_SHARE,
} from "../../../common/popular-times.ts";
import { deleteInBatches } from "../../db/batches.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { courtCheckIns, courtHourlyVisits } from "../../db/schema.ts";
import { type SharedAnswers, sharedAnswers } from "../../lib/shared-answers.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import { findCourt } from "./service.ts";

const WINDOW = sql.raw(`interval '${POPULAR_TIMES_WEEKS} weeks'`);
const CHECK_IN_LENGTH = sql.raw(`interval '${CHECK_IN_HOURS} hours'`);

type HourRow = {
  day: number;
  hour: number;
  date: string;
  arrivals: number;
  present: number;
  at: Date | string;
};

/**
 * The court's hours of the last POPULAR_TIMES_WEEKS: the ended check-ins come counted per UTC
 * hour from court_hourly_visits (kept by the check-in triggers: one primary-key range of at most
 * 8 × 168 rows), the check-ins open now from the open-by-court index, counted the same way up to
 * now. Each hour is labelled with its weekday, hour and date on the court's clock.
 */
async function hoursOf(db: Queryable, courtId: number, timeZone: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const v = courtHourlyVisits;
  const c = courtCheckIns;
  return queryRows<HourRow>(
    db,
    sql`with counted as (
      select ${v.hour} as hour, ${v.arrivals} as arrivals, ${v.present} as present
      from ${v}
      where ${v.courtId} = ${courtId} and ${v.hour} >= ${at} - ${WINDOW} and ${v.hour} <= ${at}
    ), open_now as (
      select h.hour, (h.hour = date_trunc('hour', ${c.checkedInAt}, 'UTC'))::int as arrivals, 1 as present
      from ${c}, generate_series(date_trunc('hour', ${c.checkedInAt}, 'UTC'),
        greatest(${c.checkedInAt}, ${at} - interval '1 second'), interval '1 hour') as h(hour)
      where ${c.courtId} = ${courtId} and ${c.checkedOutAt} is null
        and ${c.checkedInAt} > ${at} - ${CHECK_IN_LENGTH} and ${c.checkedInAt} <= ${at}
    )
    select extract(isodow from hour at time zone ${timeZone})::int as day,
      extract(hour from hour at time zone ${timeZone})::int as hour,
      (hour at time zone ${timeZone})::date::text as date,
      sum(arrivals)::int as arrivals, sum(present)::int as present, hour as at
    from (select * from counted union all select * from open_now) hours
    group by hour`,
  );
}

/** Ended check-ins' hours older than the window serve nothing: the maintenance sweep drops them. */
/** In small batches (server/db/batches.ts): a backlog never holds the database long. */
export async function pruneHourlyVisits(db: Queryable): Promise<void> {
  await deleteInBatches(
    db,
    courtHourlyVisits,
    sql`${courtHourlyVisits.hour} < now() - ${WINDOW} - interval '1 week'`,
    // A million check-ins leave about as many hours: scanning them all took 460 ms on PGlite.
    { indexOrder: courtHourlyVisits.hour },
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The court's clock now: ISO weekday and hour. */
export function clockAt(date: Date, timeZone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(date);
  const weekday = parts.find((p) => p.type === "weekday")?.value ?? "Mon";
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(weekday) + 1;
  return { day, hour: hour % 24 };
}

/** 'busy' from BUSY_SHARE of the busiest hour, 'quiet' below QUIET_SHARE (or under 1 player). */
export function busyLevel(players: number, peak: number): BusyLevel {
  if (peak <= 0 || players < 1 || players < peak * QUIET_SHARE) return "quiet";
  return players >= peak * BUSY_SHARE ? "busy" : "moderate";
}

/** The fullest hour of the week that usually has a full 5-on-5 (10 players), if any. */
export function bestSlots(week: number[][]): {
  best: PopularSlot | null;
  busiest: PopularSlot | null;
} {
  let busiest: PopularSlot | null = null;
  week.forEach((hours, d) => {
    hours.forEach((players, hour) => {
      if (players > 0 && (!busiest || players > busiest.players)) {
        busiest = { day: d + 1, hour, players };
      }
    });
  });
  const top = busiest as PopularSlot | null;
  return { busiest: top, best: top && top.players >= FULL_RUN_PLAYERS ? top : null };
}

/**
 * Popular times of a court (common/popular-times.ts): players usually there per weekday and
 * hour, how busy this hour usually is, and the best hour for a full 5-on-5. A court with too
 * little history answers enoughData false and no curve at all.
 */
export async function popularTimes(
  db: Queryable,
  courtId: number,
  now = new Date(),
): Promise<PopularTimes> {
  const court = await findCourt(db, courtId);
  const timeZone = timeZoneAt(court.latitude, court.longitude);
  const hours = await hoursOf(db, courtId, timeZone, now);
  let checkIns = 0;
  let firstAt = now.getTime();
  const dates = new Set<string>();
  const week = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of hours) {
    const day = week[row.day - 1];
    if (day) day[row.hour] = (day[row.hour] ?? 0) + row.present;
    if (row.arrivals > 0) {
      checkIns += row.arrivals;
      dates.add(row.date);
      firstAt = Math.min(firstAt, new Date(row.at).getTime());
    }
  }
  const base = { timeZone, checkIns, days: dates.size };
  if (checkIns < POPULAR_TIMES_MIN_CHECK_INS || dates.size < POPULAR_TIMES_MIN_DAYS) {
    return { ...base, enoughData: false, week: null, now: null, bestFullRun: null, busiest: null };
  }
  // Averages over the weeks actually observed: a court first checked into three weeks ago is
  // not diluted by five empty weeks before anyone used the app there.
  const weeks = Math.min(
    POPULAR_TIMES_WEEKS,
    Math.max(1, Math.ceil((now.getTime() - firstAt) / (7 * 86_400_000))),
  );
  const usual = week.map((day) => day.map((present) => round1(present / weeks)));
  const { best, busiest } = bestSlots(usual);
  const clock = clockAt(now, timeZone);
  const current = usual[clock.day - 1]?.[clock.hour] ?? 0;
  return {
    ...base,
    enoughData: true,
    week: usual,
    now: { ...clock, level: busyLevel(current, busiest?.players ?? 0) },
    bestFullRun: best,
    busiest,
  };
}

/**
 * Popular times move slowly (eight weeks of visits), while a busy court's page is opened often:
 * each instance shares one answer per court for POPULAR_TIMES_MAX_AGE_MS ('usually busy now'
 * may lag the hour by as much).
 */
export const POPULAR_TIMES_MAX_AGE_MS = 5 * 60_000;
const sharedByDatabase = new WeakMap<Queryable, SharedAnswers<PopularTimes>>();

export function sharedPopularTimes(db: Queryable, courtId: number): Promise<PopularTimes> {
  let shared = sharedByDatabase.get(db);
  if (!shared) {
    shared = sharedAnswers((key) => popularTimes(db, Number(key)), {
      maxAgeMs: POPULAR_TIMES_MAX_AGE_MS,
      maxKeys: 1000,
    });
    sharedByDatabase.set(db, shared);
  }
  return shared.read(String(courtId));
}

/** Drops the shared answers of this database (benchmarks time the computation itself). */
export function invalidatePopularTimes(db: Queryable): void {
  sharedByDatabase.get(db)?.invalidate();
}
