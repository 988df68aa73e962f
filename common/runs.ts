import { z } from "zod";
import { EARLY_ACCESS_MAX_HOURS, EARLY_ACCESS_MESSAGE } from "./early-access.ts";
import { formatGameTime } from "./game-time.ts";
import { createGameFieldsSchema, gameSchema } from "./games.ts";
import { idParamsSchema } from "./id-params.ts";
import { zonedValueToIso } from "./zoned-time.ts";

/**
 * Runs: a game that repeats on the court's clock (issue 32 point 1, decision 098). Each date of
 * a run is an ordinary game; the run keeps the rule and its defaults.
 */

/** Dates exist this far ahead; the job queue keeps them so. */
export const RUN_AHEAD_DAYS = 28;
/** A run that ends has at most this many dates (two years of a weekly game). */
export const RUN_MAX_DATES = 104;
export const RUN_MAX_INTERVAL_WEEKS = 4;
/** Runs one organizer keeps going at once. */
export const MAX_ACTIVE_RUNS = 5;

/** Monday first, as RFC 5545's WKST=MO and the rrule library count them. */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const RUN_ID_MESSAGE = "Run id must be a positive whole number";
export const RUN_NOT_FOUND = "Run not found";
export const RUN_WEEKDAY_REQUIRED = "Pick at least one day of the week";
export const RUN_DATE_MESSAGE = "Dates must be written like 2026-03-10";
export const RUN_TIME_MESSAGE = "The time must be written like 18:30";
export const RUN_INTERVAL_MESSAGE = `A run repeats every 1 to ${RUN_MAX_INTERVAL_WEEKS} weeks`;
export const RUN_END_BEFORE_START = "The run must end on or after its first date";
export const RUN_ONE_END = "End the run on a date or after a number of times, not both";
export const RUN_COUNT_MESSAGE = `A run has 1 to ${RUN_MAX_DATES} dates`;
export const RUN_TOO_MANY_DATES = `A run has at most ${RUN_MAX_DATES} dates: end it sooner`;
export const RUN_NO_DATES = "These days and dates make no game: check the days and the end";
export const RUN_IN_PAST = "The first date must be in the future";
export const RUN_TIME_SKIPPED = (time: string, date: string) =>
  `${time} does not exist on ${date} at this court: the clocks go forward. Choose another time or start a week later.`;
export const RUN_ONLY_ORGANIZER = "Only the organizer can change this run";
export const RUN_ENDED = "This run has ended";
export const TOO_MANY_RUNS = `You already organize ${MAX_ACTIVE_RUNS} runs. End one first.`;

const isoDate = z
  .string({ error: RUN_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RUN_DATE_MESSAGE)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && validDay(v), RUN_DATE_MESSAGE);

/** 2026-02-30 parses in JavaScript (as March 2): refuse it. */
function validDay(value: string): boolean {
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

const localTime = z
  .string({ error: RUN_TIME_MESSAGE })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, RUN_TIME_MESSAGE);

const gameDefaults = createGameFieldsSchema.pick({
  courtId: true,
  title: true,
  maxPlayers: true,
  gameType: true,
});

/** POST /api/runs: the rule on the court's clock and the defaults of each date's game. */
export const createRunInputSchema = gameDefaults
  .extend({
    /** The first date (on the court's calendar); the first matching weekday from it on. */
    firstDate: isoDate,
    /** 18:30, on the court's clock, every date. */
    startTime: localTime,
    weekdays: z
      .array(z.number().int().min(0).max(6), { error: RUN_WEEKDAY_REQUIRED })
      .min(1, RUN_WEEKDAY_REQUIRED)
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    intervalWeeks: z
      .number({ error: RUN_INTERVAL_MESSAGE })
      .int(RUN_INTERVAL_MESSAGE)
      .min(1, RUN_INTERVAL_MESSAGE)
      .max(RUN_MAX_INTERVAL_WEEKS, RUN_INTERVAL_MESSAGE)
      .default(1),
    /** The last possible date; with neither this nor count the run is open-ended. */
    untilDate: isoDate.optional(),
    count: z
      .number({ error: RUN_COUNT_MESSAGE })
      .int(RUN_COUNT_MESSAGE)
      .min(1, RUN_COUNT_MESSAGE)
      .max(RUN_MAX_DATES, RUN_COUNT_MESSAGE)
      .optional(),
    /** Hours each new date is open to the run's regulars only (early access); 0: none. */
    earlyAccessHours: z
      .number({ error: EARLY_ACCESS_MESSAGE })
      .int(EARLY_ACCESS_MESSAGE)
      .min(0, EARLY_ACCESS_MESSAGE)
      .max(EARLY_ACCESS_MAX_HOURS, EARLY_ACCESS_MESSAGE)
      .default(0),
  })
  .superRefine((run, ctx) => {
    if (run.untilDate !== undefined && run.count !== undefined) {
      ctx.addIssue({ code: "custom", path: ["count"], message: RUN_ONE_END });
    }
    if (run.untilDate !== undefined && run.untilDate < run.firstDate) {
      ctx.addIssue({ code: "custom", path: ["untilDate"], message: RUN_END_BEFORE_START });
    }
  });
export type CreateRunValues = z.input<typeof createRunInputSchema>;
export type CreateRunInput = z.output<typeof createRunInputSchema>;

/** PATCH /api/runs/{id}: from `fromDate` on, each date still on the rule takes these. */
export const changeRunInputSchema = z
  .object({
    fromDate: isoDate,
    startTime: localTime.optional(),
    maxPlayers: gameDefaults.shape.maxPlayers.unwrap().optional(),
    title: gameDefaults.shape.title.optional(),
  })
  .refine(
    (v) => v.startTime !== undefined || v.maxPlayers !== undefined || v.title !== undefined,
    "Change the time, the seats or the title",
  );
export type ChangeRunInput = z.infer<typeof changeRunInputSchema>;

/** PUT /api/runs/{id}/regular: follow the run, counted in on each new date or not. */
export const followRunInputSchema = z.object({ countMeIn: z.boolean().default(false) });
export type FollowRunInput = z.infer<typeof followRunInputSchema>;

/** POST /api/runs/{id}/end. */
export const endRunInputSchema = z.object({
  /** Cancel the dates already made (their players are told); else they are kept. */
  cancelUpcoming: z.boolean().default(false),
});
export type EndRunInput = z.infer<typeof endRunInputSchema>;

export const runIdParamsSchema = idParamsSchema(RUN_ID_MESSAGE);

export const runSchema = z.object({
  id: z.number().int(),
  courtId: z.number().int(),
  organizerId: z.string(),
  title: z.string().nullable(),
  gameType: z.string(),
  maxPlayers: z.number().int(),
  startTime: z.string(),
  weekdays: z.array(z.number().int()),
  intervalWeeks: z.number().int(),
  firstDate: z.string(),
  untilDate: z.string().nullable(),
  count: z.number().int().nullable(),
  status: z.enum(["active", "ended"]),
  /** Hours each new date is open to regulars only. */
  earlyAccessHours: z.number().int(),
  court: gameSchema.shape.court,
  /** Players who follow the run, longest-standing first. */
  regulars: z.array(z.object({ userId: z.string(), name: z.string(), countMeIn: z.boolean() })),
  /** Its dates from today on, soonest first, each an ordinary game. */
  upcoming: z.array(
    gameSchema.extend({
      runDate: z.string(),
      /** ISO; until then only regulars may join. Null: open to everyone. */
      opensAt: z.string().nullable(),
    }),
  ),
});
export type Run = z.infer<typeof runSchema>;

/** "Tuesdays and Thursdays", "every 2 weeks on Tuesday". */
export function runDaysText(weekdays: readonly number[], intervalWeeks: number): string {
  const names = weekdays.map((d) => WEEKDAY_NAMES[d] ?? "");
  if (intervalWeeks === 1) {
    const plural = names.map((n) => `${n}s`);
    return plural.length > 1
      ? `${plural.slice(0, -1).join(", ")} and ${plural.at(-1)}`
      : (plural[0] ?? "");
  }
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `Every ${intervalWeeks} weeks on ${list}`;
}

/**
 * "Tuesdays at 6:30 PM PT": the run's days and its time on the court's clock, with the zone's
 * name as every game time shows it (formatGameTime), read on the date given.
 */
export function runWhenText(
  run: Pick<Run, "weekdays" | "intervalWeeks" | "startTime" | "firstDate" | "court">,
  onDate: string = run.firstDate,
): string {
  const zone = run.court.timeZone;
  const at = new Date(zonedValueToIso(`${onDate}T${run.startTime}`, zone));
  const time = formatGameTime(at, zone, "short").split(", ").at(-1) ?? run.startTime;
  const days = runDaysText(run.weekdays, run.intervalWeeks);
  return `${days} at ${time}`;
}
