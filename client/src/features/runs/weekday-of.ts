/** The weekday of a calendar date (YYYY-MM-DD), counted from Monday (0) as runs count them. */
export function weekdayOf(date: string): number {
  // getUTCDay counts from Sunday (0).
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}
