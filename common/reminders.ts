import { z } from "zod";

/**
 * A "Can't make it" link's token: `<gameId>.<lead>.<start ms>.<userId>.<signature>`, signed by
 * the server (server/modules/reminders/cant-make-it-token.ts).
 */
export const CANT_MAKE_IT_TOKEN =
  /^\d{1,10}\.(?:24|2)\.\d{1,15}\.[0-9A-Za-z-]{1,36}\.[A-Za-z0-9_-]{43}$/;

export const cantMakeItParamsSchema = z.object({
  token: z.string().regex(CANT_MAKE_IT_TOKEN, 'This link is not a valid "Can\'t make it" link.'),
});

/** What a link would do now (GET), or did (POST). */
export const CANT_MAKE_IT_STATES = [
  "ready",
  "freed",
  "used",
  "started",
  "cancelled",
  "not-seated",
] as const;
export type CantMakeItState = (typeof CANT_MAKE_IT_STATES)[number];

export const cantMakeItAnswerSchema = z.object({
  state: z.enum(CANT_MAKE_IT_STATES),
  /** What the player reads: plain, with the game's name and time on the court's clock. */
  message: z.string(),
  gameId: z.number().int(),
});
export type CantMakeItAnswer = z.infer<typeof cantMakeItAnswerSchema>;

/** The page a link opens (the e-mail's button): /cant-make-it/<token>. */
export const cantMakeItPagePath = (token: string) => `/cant-make-it/${token}`;
/** What one tap posts to (the push action, the in-app notice, the page's button). */
export const cantMakeItApiPath = (token: string) => `/api/reminders/cant-make-it/${token}`;
