const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The en-US formatter with these options (a zone is one of them), built on first use and kept:
 * building one costs far more than using it, and a list formats the same way many times.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    formats.set(key, format);
  }
  return format;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** The wall clock of a zone at an instant, as numbers. */
function wallClock(date: Date, timeZone: string) {
  const parts = dateFormat({
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes the zone is ahead of UTC at an instant (-420 for PDT). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const c = wallClock(date, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** An instant as `<input type="datetime-local">` writes it, on the zone's clock. */
export function toZonedInputValue(date: Date, timeZone: string): string {
  const c = wallClock(date, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local value read on the court's clock, as ISO 8601 with the zone's offset at that
 * moment ('2026-07-04T18:30' at an LA court → '2026-07-04T18:30:00-07:00'), wherever the
 * player typing it is. A time skipped by a DST change moves forward, as clocks do; anything
 * that is not such a value is returned unchanged for the schema to refuse.
 */
export function zonedValueToIso(value: string, timeZone: string): string {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return value;
  // The offset at a first guess, then at the instant it gives: they differ only near a change.
  let instant = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  const corrected = wall - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  if (toZonedInputValue(new Date(corrected), timeZone) === value) instant = corrected;
  else if (toZonedInputValue(new Date(instant), timeZone) !== value) {
    instant = Math.max(instant, corrected); // in the gap: the later reading, as clocks jump
  }
  const offset = zoneOffsetMinutes(new Date(instant), timeZone);
  const sign = offset >= 0 ? "+" : "-";
  const local = toZonedInputValue(new Date(instant), timeZone);
  return `${local}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The zone this browser (or server) runs in. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
