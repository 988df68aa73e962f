import { z } from "zod";

/** Stored limits of the `waitlist` table (product §5); city shares the name's 255. */
export const WAITLIST_EMAIL_MAX = 255;
export const WAITLIST_NAME_MAX = 255;
export const WAITLIST_POSITION_MAX = 100;
export const WAITLIST_CITY_MAX = 255;

export const POSITION_HINT = "PG, SG, SF, PF or C";

// PostgreSQL text cannot hold U+0000: without this rule such input would be a 500, not a 400.
const hasNoNul = (value: string) => !value.includes("\u0000");

/**
 * A required text field. A missing or non-text value gets the "required" message too, so a
 * JSON client that leaves a field out reads the same words as a person who left it empty.
 */
function requiredText(label: string, max: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`);
}

/** The waitlist form and POST /api/waitlist validate with this one schema (product §5). */
export const waitlistSignupSchema = z.object({
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(WAITLIST_EMAIL_MAX, `Email must be at most ${WAITLIST_EMAIL_MAX} characters`)
    .email("Invalid email address"),
  name: requiredText("Name", WAITLIST_NAME_MAX),
  city: requiredText("City", WAITLIST_CITY_MAX),
  position: requiredText("Position", WAITLIST_POSITION_MAX),
});
/** What the form holds (before trimming). */
export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;
/** What the server stores (trimmed). */
export type WaitlistSignup = z.output<typeof waitlistSignupSchema>;

/** The 201 answer of POST /api/waitlist. */
export const waitlistEntrySchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  city: z.string(),
  position: z.string(),
  createdAt: z.iso.datetime(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const ALREADY_ON_WAITLIST = "This email is already on the waitlist.";

export const TOO_MANY_WAITLIST_SIGNUPS =
  "Too many waitlist signups from this address. Please try again later.";

/**
 * A plain form post's outcome, carried back to /waitlist as `?problem=` (the fields never go
 * into an address): what the server answered, keyed by the service's status.
 */
export const WAITLIST_FORM_PROBLEMS = {
  "already-on-waitlist": "already",
  busy: "busy",
} as const;
export type WaitlistFormProblem =
  | (typeof WAITLIST_FORM_PROBLEMS)[keyof typeof WAITLIST_FORM_PROBLEMS]
  | "invalid";

/** What the page says for each `?problem=`. */
export const WAITLIST_FORM_MESSAGES: Record<WaitlistFormProblem, string> = {
  invalid:
    "Please fill in every field (a valid e-mail, your name, city and position) and send again.",
  already: ALREADY_ON_WAITLIST,
  busy: TOO_MANY_WAITLIST_SIGNUPS,
};
