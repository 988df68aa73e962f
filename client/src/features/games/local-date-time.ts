const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A moment as `<input type="datetime-local">` writes it ("2026-05-02T18:30"), local time. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value as ISO 8601 with the browser's offset at that moment
 * ("2026-05-02T18:30:00-07:00"), so the server stores the instant the player meant. Anything
 * else is returned unchanged for the schema to refuse with its own message.
 */
export function localValueToIso(value: string): string {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime())) return value;
  // A clock time skipped by a DST change moves forward, as the browser's picker would.
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return `${toLocalInputValue(date)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
