import { z } from "zod";

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

const slotSchema = z.object({
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  day: z.number().int().min(1).max(7),
  /** 0–23 in the court's zone. */
  hour: z.number().int().min(0).max(23),
  /** Players usually there in that hour, to one decimal. */
  players: z.number(),
});
export type PopularSlot = z.infer<typeof slotSchema>;

export const BUSY_LEVELS = ["busy", "moderate", "quiet"] as const;
export type BusyLevel = (typeof BUSY_LEVELS)[number];

export const popularTimesSchema = z.object({
  timeZone: z.string(),
  /** Check-ins counted (within the window) and on how many different days. */
  checkIns: z.number().int(),
  days: z.number().int(),
  /** false: too little history; `week`, `now` and the hours below are then null. */
  enoughData: z.boolean(),
  /** week[day - 1][hour]: players usually there. */
  week: z.array(z.array(z.number())).nullable(),
  /** The court's clock now and how busy that hour usually is. */
  now: z
    .object({ day: z.number().int(), hour: z.number().int(), level: z.enum(BUSY_LEVELS) })
    .nullable(),
  /** The hour that usually has a full 5-on-5 with the most players; null when none does. */
  bestFullRun: slotSchema.nullable(),
  /** The busiest hour of the week, full run or not. */
  busiest: slotSchema.nullable(),
});
export type PopularTimes = z.infer<typeof popularTimesSchema>;
