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
import type { Queryable } from "../../db/client.ts";
import { courtCheckIns } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import { queryRows } from "../leaderboard/played-seats.ts";
import { findCourt } from "./service.ts";

const WINDOW = sql.raw(`interval '${POPULAR_TIMES_WEEKS} weeks'`);
const CHECK_IN_LENGTH = sql.raw(`interval '${CHECK_IN_HOURS} hours'`);

type HourRow = { day: number; hour: number; player_hours: number };
type SummaryRow = { check_ins: number; days: number; first_at: Date | string | null };

/**
 * The court's check-ins of the last POPULAR_TIMES_WEEKS, one index range scan of
 * (court_id, checked_in_at). Each visit runs from check-in to check-out (an open one: to now;
 * never past its 3 hours) and counts once in every hour of the court's clock it overlapped.
 */
function visitsSql(courtId: number, now: Date) {
  const c = courtCheckIns;
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`select ${c.checkedInAt} as starts_at,
      least(coalesce(${c.checkedOutAt}, ${at}), ${c.checkedInAt} + ${CHECK_IN_LENGTH}, ${at}) as ends_at
    from ${c}
    where ${c.courtId} = ${courtId} and ${c.checkedInAt} >= ${at} - ${WINDOW} and ${c.checkedInAt} <= ${at}`;
}

async function playerHours(db: Queryable, courtId: number, timeZone: string, now: Date) {
  return queryRows<HourRow>(
    db,
    sql`with visits as (${visitsSql(courtId, now)}),
    hours as (
      select generate_series(date_trunc('hour', starts_at),
        greatest(starts_at, ends_at - interval '1 second'), interval '1 hour') as at
      from visits
    )
    select extract(isodow from at at time zone ${timeZone})::int as day,
      extract(hour from at at time zone ${timeZone})::int as hour,
      count(*)::int as player_hours
    from hours group by 1, 2`,
  );
}

async function summary(
  db: Queryable,
  courtId: number,
  timeZone: string,
  now: Date,
): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`select count(*)::int as check_ins,
      count(distinct (starts_at at time zone ${timeZone})::date)::int as days,
      min(starts_at) as first_at
    from (${visitsSql(courtId, now)}) visits`,
  );
  return row ?? { check_ins: 0, days: 0, first_at: null };
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
  const seen = await summary(db, courtId, timeZone, now);
  const base = { timeZone, checkIns: seen.check_ins, days: seen.days };
  if (seen.check_ins < POPULAR_TIMES_MIN_CHECK_INS || seen.days < POPULAR_TIMES_MIN_DAYS) {
    return { ...base, enoughData: false, week: null, now: null, bestFullRun: null, busiest: null };
  }
  // Averages over the weeks actually observed: a court first checked into three weeks ago is
  // not diluted by five empty weeks before anyone used the app there.
  const firstAt = seen.first_at ? new Date(seen.first_at).getTime() : now.getTime();
  const weeks = Math.min(
    POPULAR_TIMES_WEEKS,
    Math.max(1, Math.ceil((now.getTime() - firstAt) / (7 * 86_400_000))),
  );
  const week = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of await playerHours(db, courtId, timeZone, now)) {
    const day = week[row.day - 1];
    if (day) day[row.hour] = round1(row.player_hours / weeks);
  }
  const { best, busiest } = bestSlots(week);
  const clock = clockAt(now, timeZone);
  const current = week[clock.day - 1]?.[clock.hour] ?? 0;
  return {
    ...base,
    enoughData: true,
    week,
    now: { ...clock, level: busyLevel(current, busiest?.players ?? 0) },
    bestFullRun: best,
    busiest,
  };
}
