import { z } from "zod";
import { gameIdParamsSchema, sendMessageInputSchema } from "./games.ts";

/** Issue 32 point 9: the organizer's tools on a run's dates (decision 104). */

export const REMOVE_REASON_MAX = 200;
export const REMOVE_REASON_REQUIRED = "Say why you remove this player";
export const REMOVE_REASON_TOO_LONG = `The reason must be at most ${REMOVE_REASON_MAX} characters`;
export const PLAYER_NOT_SEATED = "This player does not hold a seat in this game"; // 404
export const ONLY_ORGANIZER_REMOVES = "Only the organizer can remove a player"; // 403

/** POST /api/games/{id}/players/{userId}/remove: the reason the player is told. */
export const removePlayerInputSchema = z.object({
  reason: z
    .string({ error: REMOVE_REASON_REQUIRED })
    .trim()
    .min(1, REMOVE_REASON_REQUIRED)
    .max(REMOVE_REASON_MAX, REMOVE_REASON_TOO_LONG),
});
export type RemovePlayerInput = z.infer<typeof removePlayerInputSchema>;

export const removePlayerParamsSchema = gameIdParamsSchema.extend({
  userId: z.string().min(1, "Invalid player id").max(36, "Invalid player id"),
});

/** POST /api/runs/{id}/message: one message to every regular, by the rules of a game's thread. */
export const runMessageInputSchema = sendMessageInputSchema;
export const runMessageAnswerSchema = z.object({
  /** How many regulars were told. */
  told: z.number().int(),
});
export type RunMessageAnswer = z.infer<typeof runMessageAnswerSchema>;
export const ONLY_ORGANIZER_MESSAGES = "Only the run's organizer can message its regulars"; // 403
