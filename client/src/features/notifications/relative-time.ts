import { dateFormat } from "@common/zoned-time.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const day = () => dateFormat({ month: "short", day: "numeric" });
const dayAndYear = () =>
  dateFormat({
    month: "short",
    day: "numeric",
    year: "numeric",
  });

/** 'just now', '5 min ago', '3 h ago', 'yesterday', '4 days ago', then the date. */
export function relativeTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return "yesterday";
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return at.getFullYear() === now.getFullYear() ? day().format(at) : dayAndYear().format(at);
}
