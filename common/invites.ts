import { z } from "zod";

/**
 * Invitations to a game: a seated player invites another (a player card's Invite), and the
 * organizer asks nearby players of similar skill ('Need N more'). Nobody is asked twice to
 * one game, and players who turned Game Invites off are never asked.
 */

/** POST /api/games/{id}/invites. */
export const inviteInputSchema = z.object({
  userId: z
    .string({ error: "Choose a player to invite" })
    .min(1, "Choose a player to invite")
    .max(36, "Choose a player to invite"),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

export const inviteResultSchema = z.object({
  /** True when this player had already been asked to this game: no second notice went out. */
  alreadyInvited: z.boolean(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** GET /api/games/invitable?playerId=: the caller's games the player can be invited to. */
export const invitableGamesQuerySchema = z.object({
  playerId: z
    .string({ error: "playerId is required" })
    .min(1, "playerId is required")
    .max(36, "playerId is too long"),
});
export const invitableGameSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** ISO 8601. */
  scheduledAt: z.string(),
  courtName: z.string(),
  /** The court's IANA zone: the game's time is shown on its clock. */
  timeZone: z.string(),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  alreadyInvited: z.boolean(),
});
export type InvitableGame = z.infer<typeof invitableGameSchema>;
export const invitableGameListSchema = z.array(invitableGameSchema);

/** A player sends at most this many invitations an hour. */
export const INVITES_PER_HOUR = 20;
// Refusals, written once for server and screens.
export const INVITE_SELF = "You can't invite yourself."; // 400
export const INVITE_PLAYER_NOT_FOUND = "Player not found"; // 404
export const INVITE_NOT_IN_GAME = "You can invite players to games you have a spot in."; // 403
export const INVITE_ALREADY_IN = "This player is already in this game."; // 409
export const INVITE_NOT_TAKING = "This player isn't taking invites."; // 403
export const TOO_MANY_INVITES = "You have sent a lot of invites. Please wait a while."; // 429

/** POST /api/games/{id}/asks: 'Need N more'. */
export const NEED_MORE_MAX = 10;
const neededMessage = `Ask for 1 to ${NEED_MORE_MAX} players`;
export const needMoreInputSchema = z.object({
  needed: z
    .number({ error: neededMessage })
    .int(neededMessage)
    .min(1, neededMessage)
    .max(NEED_MORE_MAX, neededMessage),
});
export type NeedMoreInput = z.infer<typeof needMoreInputSchema>;
export const needMoreResultSchema = z.object({
  /** How many players were told this time (none when everyone near was asked already). */
  asked: z.number().int(),
  /** Who they are, by the name the app shows, so the organizer can still nudge one personally. */
  names: z.array(z.string()),
});
export type NeedMoreResult = z.infer<typeof needMoreResultSchema>;

/** Each ask tells at most NEED_MORE_FACTOR × needed players, and never more than NEED_MORE_CAP. */
export const NEED_MORE_FACTOR = 3;
export const NEED_MORE_CAP = 30;
/** An organizer asks at most this many times per game a day. */
export const ASKS_PER_GAME_PER_DAY = 3;
export const TOO_MANY_ASKS = `You can ask for players ${ASKS_PER_GAME_PER_DAY} times a day for one game.`; // 429
export const NEED_MORE_TOO_MANY = (open: number) =>
  open === 1 ? "Only 1 spot is open." : `Only ${open} spots are open.`; // 409
/** Similar skill: the mean of the five skills within this of the organizer's (one level). */
export const SIMILAR_SKILL_RANGE = 1;
