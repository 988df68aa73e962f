import { dateFormat, toZonedInputValue } from "./zoned-time.ts";

/**
 * How a game's time reads, by where it is shown:
 * - `full`, a game's own page: 'Saturday, November 28, 2026 at 6:30 PM PT';
 * - `short`, lists, dialogs, notices, e-mails, calendar files, link previews: 'Sat, Nov 28, 6:30 PM PT';
 * - `soon`, game cards: 'Today, 6:30 PM PT', 'Tomorrow, …', 'Yesterday, …', else as `short`;
 * - `clock`, a moment on a day already shown (a game's go/no-go): '3:30 PM PT'.
 */
export type GameTimeStyle = "full" | "short" | "soon" | "clock";

const DAY_OPTIONS = {
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  short: { weekday: "short", month: "short", day: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// Browsers and Node ship different ICU versions, and some put a narrow no-break space before
// AM/PM: a page the server rendered must read the same once the browser hydrates it.
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, " ");

/**
 * The zone's short name at that instant. US zones read as the familiar generic abbreviation
 * (PT, ET); elsewhere, where English has no short name, the UTC offset ('GMT+1').
 */
export function zoneName(date: Date, timeZone: string): string {
  const part = (style: "shortGeneric" | "short") =>
    dateFormat({ timeZone, timeZoneName: style })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const generic = part("shortGeneric");
  return /^[A-Z]{1,5}$/.test(generic) ? generic : part("short");
}

/** The calendar day of an instant on a zone's clock, as a UTC midnight to count days by. */
function dayOn(date: Date, timeZone: string): number {
  const value = toZonedInputValue(date, timeZone);
  return Date.UTC(
    Number(value.slice(0, 4)),
    Number(value.slice(5, 7)) - 1,
    Number(value.slice(8, 10)),
  );
}

const NEAR_DAYS: Record<number, string> = { [-1]: "Yesterday", 0: "Today", 1: "Tomorrow" };

/** A game's time in two parts: the day, and the clock with its zone ('6:30 PM PT'). */
export function gameTimeParts(
  at: Date | string,
  timeZone: string,
  style: GameTimeStyle = "short",
  now: Date = new Date(),
): { day: string; joiner: string; time: string } {
  const date = typeof at === "string" ? new Date(at) : at;
  const time = `${dateFormat({ hour: "numeric", minute: "2-digit", timeZone }).format(date)} ${zoneName(date, timeZone)}`;
  const near =
    style === "soon"
      ? NEAR_DAYS[Math.round((dayOn(date, timeZone) - dayOn(now, timeZone)) / 86_400_000)]
      : undefined;
  const day =
    near ??
    dateFormat({ ...DAY_OPTIONS[style === "full" ? "full" : "short"], timeZone }).format(date);
  return {
    day: plainSpaces(day),
    joiner: style === "full" ? " at " : ", ",
    time: plainSpaces(time),
  };
}

/**
 * A game's time as every screen, notice and file shows it: on the court's clock, with the
 * court's zone named, wherever the reader is, so a player planning from another city reads
 * '6:30 PM PT' and not their own clock. `timeZone` is the court's IANA zone.
 */
export function formatGameTime(
  at: Date | string,
  timeZone: string,
  style: GameTimeStyle = "short",
  now: Date = new Date(),
): string {
  const { day, joiner, time } = gameTimeParts(at, timeZone, style, now);
  return style === "clock" ? time : `${day}${joiner}${time}`;
}
