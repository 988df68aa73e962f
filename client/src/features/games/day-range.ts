/** The day filter of /games: any day, a named day, or one picked on the calendar. */
export const DAY_CHOICES = {
  any: "Any day",
  today: "Today",
  tomorrow: "Tomorrow",
  weekend: "This weekend",
  date: "Pick a date",
} as const;
export type DayChoice = keyof typeof DAY_CHOICES;

export type DayRange = { from?: string; to?: string };

const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight `days` after the day of `date` (new Date(y, m, d + n) keeps DST days right). */
const midnight = (date: Date, days = 0) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

const between = (start: Date, end: Date): DayRange => ({
  from: start.toISOString(),
  to: end.toISOString(),
});

/** A `<input type="date">` value ("2026-05-09") as that day's local midnight, if it is one. */
export function parseDateValue(value: string): Date | undefined {
  const match = DATE_VALUE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  // 2026-02-31 would roll over into March: not a real day.
  return date.getMonth() === month && date.getDate() === day ? date : undefined;
}

/**
 * The instants a day choice covers, from the start of its first day to the start of the day
 * after its last, in the browser's time zone (a game at 11 PM on Saturday is a Saturday game
 * for the player looking at it). The weekend is the coming Saturday and Sunday, or the current
 * one from Saturday on. An unpicked or invalid date filters nothing.
 */
export function dayRange(day: DayChoice, date: string, now: Date): DayRange {
  switch (day) {
    case "today":
      return between(midnight(now), midnight(now, 1));
    case "tomorrow":
      return between(midnight(now, 1), midnight(now, 2));
    case "weekend": {
      const weekday = now.getDay();
      // Sunday (0) still belongs to the weekend that began yesterday.
      const toSaturday = weekday === 0 ? -1 : 6 - weekday;
      return between(midnight(now, toSaturday), midnight(now, toSaturday + 2));
    }
    case "date": {
      const picked = parseDateValue(date);
      return picked ? between(picked, midnight(picked, 1)) : {};
    }
    default:
      return {};
  }
}
