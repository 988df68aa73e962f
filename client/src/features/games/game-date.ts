import { dateFormat, formatZonedTime, toZonedInputValue } from "@common/zoned-time.ts";

/** The calendar day of an instant on a zone's clock, as a UTC midnight to count days by. */
function dayOn(date: Date, timeZone: string): number {
  const value = toZonedInputValue(date, timeZone);
  return Date.UTC(
    Number(value.slice(0, 4)),
    Number(value.slice(5, 7)) - 1,
    Number(value.slice(8, 10)),
  );
}

/**
 * Spec §2 Game card: Today, Tomorrow, Yesterday or a short month and day, then the time — all
 * on the court's clock, with its zone ('Tomorrow 6:30 PM PT'), wherever the viewer is.
 */
export function formatGameDate(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = Math.round((dayOn(date, timeZone) - dayOn(now, timeZone)) / 86_400_000);
  const day =
    days === 0
      ? "Today"
      : days === 1
        ? "Tomorrow"
        : days === -1
          ? "Yesterday"
          : dateFormat({ month: "short", day: "numeric", timeZone }).format(date);
  return `${day} ${formatZonedTime(date, timeZone)}`;
}
