import { z } from "zod";

export {
  BUSY_SHARE,
  FULL_RUN_PLAYERS,
  POPULAR_TIMES_MIN_CHECK_INS,
  POPULAR_TIMES_MIN_DAYS,
  POPULAR_TIMES_WEEKS,
  QUIET_SHARE,
  WEEKDAYS,
} from "./popular-times-limits.ts";

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
