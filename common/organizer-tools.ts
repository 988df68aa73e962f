import { z } from "zod";
import { gameIdParamsSchema, sendMessageInputSchema } from "./games.ts";
import { runIdParamsSchema } from "./runs.ts";
import { decent } from "./text-filter.ts";

/** Issue 32 point 9: the organizer's tools on a run's dates (decision 104). */

export const REMOVE_REASON_MAX = 200;
export const REMOVE_REASON_REQUIRED = "Say why you remove this player";
export const REMOVE_REASON_TOO_LONG = `The reason must be at most ${REMOVE_REASON_MAX} characters`;
export const PLAYER_NOT_SEATED = "This player does not hold a seat in this game"; // 404
export const ONLY_ORGANIZER_REMOVES = "Only the organizer or a co-organizer can remove a player"; // 403

/** POST /api/games/{id}/players/{userId}/remove: the reason the player is told. */
export const removePlayerInputSchema = z.object({
  // The removed player reads it.
  reason: decent(
    z
      .string({ error: REMOVE_REASON_REQUIRED })
      .trim()
      .min(1, REMOVE_REASON_REQUIRED)
      .max(REMOVE_REASON_MAX, REMOVE_REASON_TOO_LONG),
  ),
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
export const ONLY_ORGANIZER_MESSAGES =
  "Only the run's organizer or a co-organizer can message its regulars"; // 403

/** PUT and DELETE /api/runs/{id}/co-organizers/{userId}: by the run's organizer only. */
export const ONLY_ORGANIZER_NAMES = "Only the run's organizer can choose its co-organizers"; // 403
export const CO_ORGANIZER_NOT_REGULAR = "Only a regular of this run can be a co-organizer"; // 409
export const coOrganizerParamsSchema = runIdParamsSchema.extend({
  userId: removePlayerParamsSchema.shape.userId,
});
export const coOrganizersSchema = z.object({
  /** The run's co-organizers, by user id, longest-standing first. */
  coOrganizers: z.array(z.string()),
});
export type CoOrganizers = z.infer<typeof coOrganizersSchema>;
