/**
 * Showing up counts (issue 32 point 6, decision 100): when a seat counts as present, what a
 * drop costs, and the reliability figure every screen shows. No zod here: the game page and the
 * player cards show the figure without loading the schemas (common/attendance.ts).
 */

/** A check-in at the game's court marks a seated player present from this long before the start… */
export const CHECK_IN_EARLY_MINUTES = 30;
/** …to this long after it. */
export const CHECK_IN_LATE_MINUTES = 60;
/** With the browser's position: within this many metres plus its accuracy of the court. */
export const NEAR_COURT_METERS = 150;
/** The organizer marks players present, or closes attendance, in this many hours after the start. */
export const MARK_WINDOW_HOURS = 48;
/** Leaving a game within this many hours of its start is a late drop. */
export const LATE_DROP_HOURS = 12;
/** Reliability looks back this many days… */
export const RELIABILITY_DAYS = 90;
/** …and is shown once a player has this many games in them. */
export const RELIABILITY_MIN_GAMES = 3;

export const ONLY_ORGANIZER_MARKS = "Only the organizer can mark attendance.";
export const MARK_NOT_YET = "Attendance can be marked once the game has started.";
export const MARK_TOO_LATE = `Attendance can be marked for ${MARK_WINDOW_HOURS} hours after the start.`;
export const ATTENDANCE_CLOSED = "Attendance for this game is closed.";
export const NOT_SEATED = "That player has no seat in this game.";
export const GAME_WAS_CANCELLED = "This game was cancelled: there is no attendance to mark.";
export const BELOW_MIN_RELIABILITY = (min: number, percent: number) =>
  `This game asks for players who show up at least ${min}% of the time; your record is ${percent}%.`;
export const MIN_RELIABILITY_MESSAGE =
  "Minimum reliability must be a whole percent from 1 to 100, or none.";

/** A player's record over the last RELIABILITY_DAYS days (reliabilitySchema in attendance.ts). */
export type Reliability = {
  userId: string;
  /** Games they were seated at whose attendance is settled, or where they were marked present. */
  expected: number;
  present: number;
  lateDrops: number;
};

/** Shown once a player has enough games for the figure to say something. */
export const reliabilityShown = (r: Reliability | undefined | null): r is Reliability =>
  r != null && r.expected >= RELIABILITY_MIN_GAMES;

/** Shows against chances, a late drop counting as a miss; null until the figure is shown. */
export function reliabilityPercent(r: Reliability | undefined | null): number | null {
  if (!reliabilityShown(r)) return null;
  return Math.round((100 * r.present) / (r.expected + r.lateDrops));
}

/** "Shows up: 18 of 19 · 1 late drop"; null until the figure is shown. */
export function reliabilityLabel(r: Reliability | undefined | null): string | null {
  if (!reliabilityShown(r)) return null;
  const drops =
    r.lateDrops === 0 ? "" : ` · ${r.lateDrops} late drop${r.lateDrops === 1 ? "" : "s"}`;
  return `Shows up: ${r.present} of ${r.expected}${drops}`;
}
