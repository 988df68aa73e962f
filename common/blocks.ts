import { z } from "zod";

/**
 * Blocking (issue 34 point 4, decision 114): a player blocks another; from then on neither sees
 * the other in nearby players, 'Need N more' or invites, neither can ask the other to be friends,
 * and neither sees the other's messages in a game thread. Unblocked from Settings.
 */

/** A player the caller blocked, as Settings lists them. */
export const blockedPlayerSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string().nullable(),
  /** ISO: when the caller blocked them. */
  since: z.string(),
});
export type BlockedPlayer = z.infer<typeof blockedPlayerSchema>;
export const blockedPlayersSchema = z.array(blockedPlayerSchema);

/** The player to block or unblock, in the path. */
export const blockParamsSchema = z.object({
  userId: z
    .string({ error: "Choose a player" })
    .min(1, "Choose a player")
    .max(36, "Choose a player"),
});

export const BLOCK_SELF = "You can't block yourself."; // 400
export const BLOCK_PLAYER_NOT_FOUND = "Player not found"; // 404
/** Said to the blocker when they try to reach the player they blocked. */
export const YOU_BLOCKED = "You blocked this player. Unblock them in Settings first."; // 403
