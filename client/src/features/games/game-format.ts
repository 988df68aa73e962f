import { dateFormat } from "@common/zoned-time.ts";

/** "May 2, 6:30 PM": when a message was sent, on the reader's clock. */
export function formatSentAt(iso: string): string {
  return dateFormat({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
    new Date(iso),
  );
}

export function formatDistance(miles: number): string {
  return `${miles} ${miles === 1 ? "mile" : "miles"} away`;
}
