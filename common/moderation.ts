import { z } from "zod";
import { charCount, hasNoNul } from "./text.ts";

/**
 * Reports and operators (issue 34 points 4–5, decision 116). A player reports a player, a
 * message, a court condition report, a court suggestion or a game, with a reason. Operators
 * (granted only from the command line) work the open reports oldest first: dismiss, hide the
 * content, warn, suspend for N days (the player can sign in and read but not write) or ban
 * (cannot sign in); the player is told, with the reason. Every operator action is written to an
 * append-only audit log.
 */

export const REPORT_KINDS = [
  "player",
  "message",
  "condition_report",
  "court_suggestion",
  "game",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASONS = [
  "spam",
  "harassment",
  "hate",
  "sexual",
  "violence",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or scam",
  harassment: "Harassment or bullying",
  hate: "Hate speech",
  sexual: "Sexual content",
  violence: "Threats or violence",
  other: "Something else",
};

export const REPORT_DETAILS_MAX = 500;
export const REPORTS_PER_HOUR = 10;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => charCount(v) <= max, `At most ${max} characters`)
    .refine(hasNoNul, "Contains a character that is not allowed");

/**
 * POST /api/reports. `targetId` is the player's id for `player`, else the numeric id of the
 * message, condition report, court suggestion or game, as a string.
 */
export const reportInputSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "Choose what you are reporting" }),
  targetId: z
    .string({ error: "Choose what you are reporting" })
    .min(1, "Choose what you are reporting")
    .max(36, "Choose what you are reporting"),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: text(REPORT_DETAILS_MAX, "Add a few words").optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;
export const reportResultSchema = z.object({ id: z.number().int() });

export const REPORT_SELF = "You can't report yourself."; // 400
export const REPORT_TARGET_NOT_FOUND = "We couldn't find what you are reporting."; // 404
export const TOO_MANY_REPORTS = "You have sent a lot of reports. Please wait a while."; // 429
export const REPORT_THANKS = "Thanks. An operator will look at it.";

export const OPERATOR_ACTIONS = ["dismiss", "hide", "warn", "suspend", "ban"] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];
/**
 * The kinds whose content an operator can hide: a message or a condition note goes from every
 * page, a pending court suggestion is rejected. A game is not hidden: its organizer is warned,
 * suspended or banned, and cancelling it stays theirs.
 */
export const HIDEABLE_KINDS: readonly ReportKind[] = [
  "message",
  "condition_report",
  "court_suggestion",
];
export const SUSPEND_DAYS_MAX = 365;

/** POST /api/operator/reports/{id}/resolve. `days` only (and always) with `suspend`. */
export const resolveReportInputSchema = z
  .object({
    action: z.enum(OPERATOR_ACTIONS, { error: "Choose an action" }),
    reason: text(500, "Say why: the player is told"),
    days: z
      .number({ error: "Suspend for 1 to 365 days" })
      .int("Suspend for 1 to 365 days")
      .min(1, "Suspend for 1 to 365 days")
      .max(SUSPEND_DAYS_MAX, "Suspend for 1 to 365 days")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === "suspend" && v.days === undefined) {
      ctx.addIssue({ code: "custom", path: ["days"], message: "Suspend for 1 to 365 days" });
    }
    if (v.action !== "suspend" && v.days !== undefined) {
      ctx.addIssue({ code: "custom", path: ["days"], message: "Days go with a suspension only" });
    }
  });
export type ResolveReportInput = z.infer<typeof resolveReportInputSchema>;

export const REPORT_ALREADY_RESOLVED = "Another operator already acted on this report."; // 409
export const NOTHING_TO_HIDE = "A player has no content to hide: warn, suspend or ban."; // 400
export const NOT_OPERATOR = "Only operators can do that."; // 403

const who = z.object({ id: z.string(), name: z.string() });

/** An open report as the operator page shows it: the content and its context. */
export const operatorReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
  reporter: who,
  /** The player behind the content (the author, the organizer), or null when none is left. */
  reported: who.extend({ suspendedUntil: z.string().nullable(), banned: z.boolean() }).nullable(),
  /** The reported text (a message, a note, a suggested name, a game title), or null for a player. */
  content: z.string().nullable(),
  /** Where it was said or shown, in words: "Game chat of Friday Run at Venice Beach Courts". */
  context: z.string(),
  /** A page of the app showing it, or null. */
  link: z.string().nullable(),
  /** The content is hidden already. */
  hidden: z.boolean(),
  /** Open reports on the same content (this one included). */
  openReportsOnTarget: z.number().int(),
});
export type OperatorReport = z.infer<typeof operatorReportSchema>;
export const operatorReportsSchema = z.array(operatorReportSchema);

export const resolveReportResultSchema = z.object({ action: z.enum(OPERATOR_ACTIONS) });

/** One line of the audit log: who, when, what, why. Never edited, never deleted. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: who.nullable(),
  /** An operator action, or a grant/revoke made from the command line. */
  action: z.string(),
  target: who.nullable(),
  reportId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** e.g. "suspended for 7 days", "hid a message". */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export const auditQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/operator/me: whether the caller is an operator (Settings links to /operator). */
export const operatorMeSchema = z.object({ operator: z.boolean() });

/** The 403 every write of a suspended player gets; `until` is the ISO end. */
export const SUSPENDED = (untilText: string) =>
  `Your account is suspended until ${untilText}: you can read, but not post or change anything. To appeal, use the contact page.`;
export const BANNED = "This account is banned. To appeal, use the contact page.";
