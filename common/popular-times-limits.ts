// Zod-free, so pages can show these without loading the schemas (issue 13); re-exported by
// popular-times.ts for the server and the forms.

/**
 * Popular times come from real check-ins only. A check-in counts in every hour of the court's
 * own clock it overlapped (from check-in to check-out, or its 3 hours); an hour's value is the
 * players usually there: those player-hours over the weeks observed.
 */

/** Check-ins older than this are not counted: a court's crowd changes with seasons. */
export const POPULAR_TIMES_WEEKS = 8;
/** Below this many check-ins in the window, or on fewer days, the court says so: no curve. */
export const POPULAR_TIMES_MIN_CHECK_INS = 20;
export const POPULAR_TIMES_MIN_DAYS = 5;

/** A full 5-on-5 needs this many players at once. */
export const FULL_RUN_PLAYERS = 10;
/** "Usually busy" from this share of the court's busiest hour, "usually quiet" below the other. */
export const BUSY_SHARE = 0.6;
export const QUIET_SHARE = 0.25;

/** Days as the chart shows them, Monday first (ISO: 1 = Monday … 7 = Sunday). */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
