const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function span(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  return days === 1 ? "1 day" : `${days} days`;
}

/** 'just now', '12 min ago', '3 h ago', '2 days ago'. */
export function ageLabel(iso: string, now = Date.now()): string {
  const ms = now - Date.parse(iso);
  return ms < MINUTE ? "just now" : `${span(ms)} ago`;
}

/** 'lapses in 40 min', 'lapses in 5 days'. */
export function lapsesLabel(iso: string, now = Date.now()): string {
  return `lapses in ${span(Math.max(0, Date.parse(iso) - now))}`;
}
