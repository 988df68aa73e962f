import { z } from "zod";
import { MAX_PLAYERS_MAX, MAX_PLAYERS_MESSAGE, MAX_PLAYERS_MIN } from "./games.ts";

/**
 * A full game's waiting line: first come, first served; the first in line takes a seat as soon
 * as one frees. It closes when the game starts and is cleared when the game is cancelled.
 */

/** GET /api/games/{id}/line: how long the line is and, for a signed-in caller, their place. */
export const gameLineSchema = z.object({
  waiting: z.number().int(),
  /** 1 for the first in line; null when the caller is not in it (or signed out). */
  position: z.number().int().nullable(),
});
export type GameLine = z.infer<typeof gameLineSchema>;

// Refusals (409 unless noted), written once for server and screens.
export const LINE_NOT_FULL = "This game has room: join it instead."; // 409
export const LINE_ALREADY_SEATED = "You already have a spot in this game."; // 409
export const LINE_ORGANIZER = "You organize this game: you hold a spot already."; // 409

/** PATCH /api/games/{id}: what the organizer may change (for now, the number of players). */
export const editGameInputSchema = z.object({
  maxPlayers: z
    .number({ error: MAX_PLAYERS_MESSAGE })
    .int(MAX_PLAYERS_MESSAGE)
    .min(MAX_PLAYERS_MIN, MAX_PLAYERS_MESSAGE)
    .max(MAX_PLAYERS_MAX, MAX_PLAYERS_MESSAGE),
});
export type EditGameInput = z.infer<typeof editGameInputSchema>;
export const BELOW_SEATED = (seated: number) =>
  `${seated} players already hold a spot: the game needs at least ${seated}.`;
