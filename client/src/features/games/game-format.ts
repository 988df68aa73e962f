const fullDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const shortDateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Saturday, May 2, 2026 at 6:30 PM", in the viewer's time zone. */
export function formatGameWhen(iso: string): string {
  const date = new Date(iso);
  return `${fullDate.format(date)} at ${clock.format(date)}`;
}

/** "May 2, 6:30 PM": when a message was sent. */
export function formatSentAt(iso: string): string {
  return shortDateTime.format(new Date(iso));
}

export function formatDistance(miles: number): string {
  return `${miles} ${miles === 1 ? "mile" : "miles"} away`;
}
