/**
 * Quiet hours: from 22:00 to 08:00 in the player's own time zone, reminders and weekly summaries
 * wait rather than buzz a phone at night. Pure functions of an instant and an IANA zone.
 */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant when the wall clock in `timeZone` reads this day and time (days may overflow, as
 * with Date.UTC). In a spring-forward gap the result lands just after it.
 */
export function atWallClock(timeZone: string, wall: WallClock): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

export function isQuietHours(at: Date, timeZone: string): boolean {
  const { hour } = wallClock(at, timeZone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** When the quiet hours `at` falls in end (08:00 that morning or the next). */
export function quietHoursEnd(at: Date, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  const day = w.hour >= QUIET_FROM_HOUR ? w.day + 1 : w.day;
  return atWallClock(timeZone, { ...w, day, hour: QUIET_UNTIL_HOUR, minute: 0 });
}

/** When the quiet hours `at` falls in began (22:00 that evening or the one before). */
export function quietHoursStart(at: Date, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  const day = w.hour >= QUIET_FROM_HOUR ? w.day : w.day - 1;
  return atWallClock(timeZone, { ...w, day, hour: QUIET_FROM_HOUR, minute: 0 });
}

/**
 * What to do with a quiet-hours kind's e-mail and push at `now`: send, wait until `until`, or
 * drop them (the bell keeps the notification) when waiting would pass the `deadline`.
 */
export function quietHoursDecision(
  now: Date,
  timeZone: string,
  deadline: Date | null,
): { action: "send" } | { action: "wait"; until: Date } | { action: "drop" } {
  if (!isQuietHours(now, timeZone)) return { action: "send" };
  const until = quietHoursEnd(now, timeZone);
  if (deadline && until.getTime() > deadline.getTime()) return { action: "drop" };
  return { action: "wait", until };
}
