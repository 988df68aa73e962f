/** What the app uses of a date formatter. */
export type DateFormat = Pick<Intl.DateTimeFormat, "format" | "formatToParts">;

/** Texts the server wrote into the page, by `textKey`: the browser shows the same ones. */
const known = new Map<string, string>();
/** While the server renders pages: the texts each render formats (see `recordDateTexts`). */
const recorders = new Set<Map<string, string>>();

const textKey = (options: string, method: string, time: number) => `${options}|${method}|${time}`;

/**
 * One en-US formatter per set of options. Building an Intl formatter costs about a hundred
 * times as much as using it (ICU's patterns), and the first in a page also loads ICU's data:
 * 70–120 ms of a phone's main thread (issue 13). So no module builds one when it loads, and one
 * is only built when a text is asked for that the server did not already write into the page:
 * hydrating a page the server rendered needs no Intl at all.
 */
class KeptDateFormat implements DateFormat {
  #intl: Intl.DateTimeFormat | undefined;
  constructor(
    private readonly key: string,
    private readonly options: Intl.DateTimeFormatOptions,
  ) {}

  private get intl(): Intl.DateTimeFormat {
    this.#intl ??= new Intl.DateTimeFormat("en-US", this.options);
    return this.#intl;
  }

  private text(method: string, date: Date | number | undefined, make: () => string): string {
    const time = date === undefined ? Date.now() : +date;
    const key = textKey(this.key, method, time);
    const text = known.get(key) ?? make();
    for (const recorder of recorders) recorder.set(key, text);
    return text;
  }

  format = (date?: Date | number): string =>
    this.text("format", date, () => this.intl.format(date));

  formatToParts = (date?: Date | number): Intl.DateTimeFormatPart[] =>
    JSON.parse(
      this.text("parts", date, () => JSON.stringify(this.intl.formatToParts(date))),
    ) as Intl.DateTimeFormatPart[];
}

const formats = new Map<string, DateFormat>();

/** The en-US date format with these options (a zone is one of them), built on first use. */
export function dateFormat(options: Intl.DateTimeFormatOptions): DateFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new KeptDateFormat(key, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * On the server: starts keeping every date text formatted until the returned function is
 * called, which gives them, for the page (`seedDateTexts` in the browser). Renders that overlap
 * each keep their own and the other's texts: more than a page needs, never less.
 */
export function recordDateTexts(): () => [string, string][] {
  const recorder = new Map<string, string>();
  recorders.add(recorder);
  return () => {
    recorders.delete(recorder);
    return [...recorder];
  };
}

/** In the browser: the date texts the server wrote into the page, used instead of Intl's. */
export function seedDateTexts(texts: unknown): void {
  if (!Array.isArray(texts)) return;
  for (const entry of texts) {
    if (Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "string") {
      known.set(entry[0], entry[1]);
    }
  }
}

/**
 * Times of games are shown in their court's zone, with the zone named, so a player planning from
 * another city reads '6:30 PM PT' and not their own clock. US zones read as the familiar generic
 * abbreviation (PT, ET); elsewhere, where English has no short name, the UTC offset ('GMT+1').
 */
export function zoneName(date: Date, timeZone: string): string {
  const part = (style: "shortGeneric" | "short") =>
    dateFormat({ timeZone, timeZoneName: style })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const generic = part("shortGeneric");
  return /^[A-Z]{1,5}$/.test(generic) ? generic : part("short");
}

/** '6:30 PM PT' */
export function formatZonedTime(date: Date | string, timeZone: string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  const time = dateFormat({
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(d);
  return `${time} ${zoneName(d, timeZone)}`;
}

/** 'Sat, Nov 28' in the court's zone (the day can differ from the viewer's). */
export function formatZonedDay(date: Date | string, timeZone: string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return dateFormat({
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone,
  }).format(d);
}

/** 'Saturday, July 4, 2026' in the court's zone. */
export function formatZonedDate(date: Date | string, timeZone: string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return dateFormat({
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone,
  }).format(d);
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
