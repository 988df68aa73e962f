import { dateFormat, formatZonedDate, formatZonedTime } from "@common/zoned-time.ts";

const shortDateTime = () =>
  dateFormat({
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** "Saturday, May 2, 2026 at 6:30 PM PT": on the court's clock, with its zone. */
export function formatGameWhen(iso: string, timeZone: string): string {
  return `${formatZonedDate(iso, timeZone)} at ${formatZonedTime(iso, timeZone)}`;
}

/** "May 2, 6:30 PM": when a message was sent. */
export function formatSentAt(iso: string): string {
  return shortDateTime().format(new Date(iso));
}

/** "Sat, May 2, 6:30 PM": a game in a list, on the viewer's clock. */
export function formatGameDayTime(iso: string): string {
  return dateFormat({
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

export function formatDistance(miles: number): string {
  return `${miles} ${miles === 1 ? "mile" : "miles"} away`;
}
