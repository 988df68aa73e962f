export const LA_TIME_ZONE = "America/Los_Angeles";

const dateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: LA_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});
const weekdayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: LA_TIME_ZONE,
  weekday: "long",
});

function wallClock(instant: number) {
  const parts: Record<string, number> = {};
  for (const part of dateParts.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far Los Angeles wall-clock time is ahead of UTC at an instant (negative: -7 h or -8 h). */
function offsetMs(instant: number): number {
  const t = wallClock(instant);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when Los Angeles clocks read hour:minute, `days` calendar days after the
 * Los Angeles date of `now` (negative: before). Daylight saving time is respected.
 */
export function laDateTime(now: Date, days: number, hour: number, minute: number): Date {
  const today = wallClock(now.getTime());
  const wallAsUtc = Date.UTC(today.year, today.month - 1, today.day + days, hour, minute);
  let instant = wallAsUtc - offsetMs(wallAsUtc);
  instant = wallAsUtc - offsetMs(instant); // second pass settles a DST change in between
  return new Date(instant);
}

/** "Saturday", in Los Angeles. */
export function laWeekday(date: Date): string {
  return weekdayFormat.format(date);
}
