import ical, {
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  ICalWeekday,
} from "ical-generator";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { GAME_DURATION_MINUTES } from "../../../common/game-limits.ts";
import { type Run, runDaysText } from "../../../common/runs.ts";
import { dateFormat, zoneOffsetMinutes } from "../../../common/zoned-time.ts";
import { onCourtClock, utcOffset } from "../calendar-feed/game-event.ts";
import { startOf } from "./recurrence.ts";

const BYDAY = [
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
  ICalWeekday.SU,
];
const DURATION_MS = GAME_DURATION_MINUTES * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** 20261101T020000: an instant as the wall clock reads it at `offset` minutes from UTC. */
const wallAt = (instant: number, offset: number) =>
  new Date(instant + offset * 60_000).toISOString().replace(/[-:]/g, "").slice(0, 15);

/**
 * The zone's VTIMEZONE over the run's years: one observance per clock change found (the minute
 * it happens, found day by day then by halving), after the offset in force at the start. A
 * calendar that knows the IANA name uses its own rules; any other reads these.
 */
function vtimezone(zone: string, from: Date, to: Date): string {
  const kind = (offset: number, at: number) => {
    const year = new Date(at).getUTCFullYear();
    const january = zoneOffsetMinutes(new Date(Date.UTC(year, 0, 1)), zone);
    const july = zoneOffsetMinutes(new Date(Date.UTC(year, 6, 1)), zone);
    return offset > Math.min(january, july) ? "DAYLIGHT" : "STANDARD";
  };
  const name = (at: number) =>
    dateFormat({ timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(at))
      .find((p) => p.type === "timeZoneName")?.value ?? zone;
  const observance = (at: number, fromOffset: number, toOffset: number, start: string) => [
    `BEGIN:${kind(toOffset, at)}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${utcOffset(fromOffset)}`,
    `TZOFFSETTO:${utcOffset(toOffset)}`,
    `TZNAME:${name(at)}`,
    `END:${kind(toOffset, at)}`,
  ];
  const start = Math.floor(from.getTime() / DAY_MS) * DAY_MS - DAY_MS;
  let offset = zoneOffsetMinutes(new Date(start), zone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  lines.push(...observance(start, offset, offset, "19700101T000000"));
  for (let day = start; day < to.getTime() + DAY_MS; day += DAY_MS) {
    const next = zoneOffsetMinutes(new Date(day + DAY_MS), zone);
    if (next === offset) continue;
    // The minute of the change, halving the day.
    let [before, change] = [day, day + DAY_MS];
    while (change - before > MINUTE_MS) {
      const middle = before + Math.floor((change - before) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffsetMinutes(new Date(middle), zone) === offset) before = middle;
      else change = middle;
    }
    lines.push(...observance(change, offset, next, wallAt(change, offset)));
    offset = next;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/**
 * The run as one calendar file: one event with its rule (RRULE on the court's clock, TZID of the
 * court's zone), its cancelled dates as EXDATE, and each date moved off the rule as an event of
 * its own with the same UID and the date's RECURRENCE-ID. An ended run's rule stops at its last
 * date. `dates` are every game of the run (the rule's exceptions are among them).
 */
export function runCalendar(
  run: Run & { endedThrough: string | null },
  dates: readonly { runDate: string; scheduledAt: Date; status: string }[],
  publicUrl: string,
  now: Date = new Date(),
): string {
  const zone = run.court.timeZone;
  const url = `${publicUrl}/runs/${run.id}`;
  const uid = `run-${run.id}@${new URL(publicUrl).hostname}`;
  const ruleStart = (date: string) => startOf(date, run.startTime, zone);
  const at = (instant: Date) => onCourtClock(instant.toISOString(), zone);
  const first = ruleStart(run.firstDate);
  const lastDate = run.endedThrough ?? run.untilDate;
  const location = {
    title: [run.court.name, run.court.address].filter(Boolean).join(", "),
    geo: { lat: run.court.latitude, lon: run.court.longitude },
  };
  const summary = run.title ?? "Pickup run";
  const lastInstant = Math.max(
    first.getTime(),
    ...dates.map((d) => d.scheduledAt.getTime()),
    now.getTime() + 366 * DAY_MS,
  );

  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Pickup runs", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: () => vtimezone(zone, first, new Date(lastInstant)) },
  });
  const cancelled = dates.filter((d) => d.status === "cancelled").map((d) => d.runDate);
  calendar.createEvent({
    id: uid,
    stamp: now,
    start: at(first),
    end: at(new Date(first.getTime() + DURATION_MS)),
    timezone: zone,
    summary,
    location,
    description: `${runDaysText(run.weekdays, run.intervalWeeks)} at ${run.court.name}. ${url}`,
    url,
    repeating: {
      freq: ICalEventRepeatingFreq.WEEKLY,
      interval: run.intervalWeeks,
      byDay: run.weekdays.map((d) => BYDAY[d] as ICalWeekday),
      startOfWeek: ICalWeekday.MO,
      ...(lastDate ? { until: new Date(startOf(lastDate, "23:59", zone).getTime() + 59_000) } : {}),
      ...(run.count && !run.endedThrough ? { count: run.count } : {}),
      ...(cancelled.length > 0 ? { exclude: cancelled.map((d) => at(ruleStart(d))) } : {}),
    },
  });
  for (const date of dates) {
    if (date.status === "cancelled") continue;
    if (+date.scheduledAt === +ruleStart(date.runDate)) continue;
    calendar.createEvent({
      id: uid,
      stamp: now,
      recurrenceId: at(ruleStart(date.runDate)),
      start: at(date.scheduledAt),
      end: at(new Date(date.scheduledAt.getTime() + DURATION_MS)),
      timezone: zone,
      summary,
      location,
      url,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every line with CRLF, the last one included; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
