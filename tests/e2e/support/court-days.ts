/** Days on a Los Angeles court's calendar, for the weekly run's journeys. */
export const LA_ZONE = "America/Los_Angeles";

/** The court's calendar day of an instant, YYYY-MM-DD. */
export const dayIn = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: LA_ZONE }).format(at);

/** The first Tuesday at least a week away, on the court's calendar, YYYY-MM-DD. */
export function nextTuesday(): string {
  let at = new Date(Date.now() + 7 * 86_400_000);
  while (
    new Intl.DateTimeFormat("en-US", { timeZone: LA_ZONE, weekday: "short" }).format(at) !== "Tue"
  ) {
    at = new Date(at.getTime() + 86_400_000);
  }
  return dayIn(at);
}
