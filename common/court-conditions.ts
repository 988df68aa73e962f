import { z } from "zod";
import { CONDITION_KIND_KEYS } from "./condition-kinds.ts";
import { positionSchema } from "./position.ts";
import { charCount, hasNoNul } from "./text.ts";
import { decent } from "./text-filter.ts";

export { CONDITION_KIND_KEYS, CONDITION_KINDS, type ConditionKind } from "./condition-kinds.ts";

export const CONDITION_NOTE_MAX = 200;
/** Who may report or confirm: checked in at the court within these hours… */
export const REPORT_CHECK_IN_HOURS = 3;
/** …or a browser position within this distance of it. */
export const REPORT_NEAR_METERS = 300;
/** Flood limits: reports per player per court per hour, and per player per hour overall. */
export const REPORTS_PER_COURT_PER_HOUR = 3;
export const REPORTS_PER_HOUR = 10;
export const CONFIRMATIONS_PER_HOUR = 30;

export const CONDITION_KIND_MESSAGE = "Choose what you see at the court";
export const NOT_AT_COURT =
  "Only players at the court can report: check in here, or share your location.";
export const TOO_MANY_REPORTS = "You have reported enough for now. Please try again later.";
export const TOO_MANY_CONFIRMATIONS = "You have confirmed enough for now. Please try again later.";
export const OWN_REPORT = "You made this report: others confirm it.";
export const REPORT_NOT_FOUND = "This report has lapsed or does not exist.";

/** POST /api/courts/{id}/conditions: what the player sees, and where they are if not checked in. */
export const conditionReportInputSchema = z.object(
  {
    kind: z.enum(CONDITION_KIND_KEYS, { error: CONDITION_KIND_MESSAGE }),
    note: decent(
      z
        .string()
        .trim()
        .refine(
          (v) => charCount(v) <= CONDITION_NOTE_MAX,
          `A note is at most ${CONDITION_NOTE_MAX} characters`,
        )
        .refine(hasNoNul, "The note contains a character that is not allowed"),
    ).optional(),
    position: positionSchema.optional(),
  },
  // No body at all: the same words as a missing kind.
  { error: CONDITION_KIND_MESSAGE },
);
export type ConditionReportValues = z.input<typeof conditionReportInputSchema>;
export type ConditionReportInput = z.output<typeof conditionReportInputSchema>;

/** POST /api/court-conditions/{id}/confirm. */
export const conditionConfirmInputSchema = z
  .object({ position: positionSchema.optional() })
  .optional()
  .transform((body) => body ?? {});
export type ConditionConfirmInput = z.infer<typeof conditionConfirmInputSchema>;

export const conditionReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONDITION_KIND_KEYS),
  note: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: when it lapses unless confirmed again. */
  expiresAt: z.string(),
  /** ISO 8601 of the latest confirmation, or null. */
  lastConfirmedAt: z.string().nullable(),
  confirmations: z.number().int(),
  /** The viewer made it / confirmed it (false for visitors). */
  mine: z.boolean(),
  confirmedByViewer: z.boolean(),
});
export type ConditionReport = z.infer<typeof conditionReportSchema>;
/** GET /api/courts/{id}/conditions: the live report per subject, newest first. */
export const conditionReportListSchema = z.array(conditionReportSchema);

export const ALREADY_REPORTED = "You already reported this; it is still showing.";
