import { z } from "zod";
import { MAX_PLAYERS_MAX, MAX_PLAYERS_MIN } from "./game-limits.ts";
import {
  DECIDE_BEFORE_DEFAULT_MINUTES,
  DECIDE_BEFORE_MAX_MINUTES,
  DECIDE_BEFORE_MESSAGE,
  DECIDE_BEFORE_MIN_MINUTES,
} from "./go-no-go-text.ts";

export * from "./go-no-go-text.ts";

const MIN_PLAYERS_MESSAGE = `The minimum must be a whole number from ${MAX_PLAYERS_MIN} to ${MAX_PLAYERS_MAX}`;

/**
 * PUT /api/games/{id}/go-no-go and the create form's go/no-go fields. `minPlayers` null: the
 * game has no go/no-go. Whether the minimum fits the game and the decision time is still ahead
 * depends on the game, so the service checks those.
 */
export const goNoGoInputSchema = z.object({
  minPlayers: z
    .number({ error: MIN_PLAYERS_MESSAGE })
    .int(MIN_PLAYERS_MESSAGE)
    .min(MAX_PLAYERS_MIN, MIN_PLAYERS_MESSAGE)
    .max(MAX_PLAYERS_MAX, MIN_PLAYERS_MESSAGE)
    .nullable(),
  decideBeforeMinutes: z
    .number({ error: DECIDE_BEFORE_MESSAGE })
    .int(DECIDE_BEFORE_MESSAGE)
    .min(DECIDE_BEFORE_MIN_MINUTES, DECIDE_BEFORE_MESSAGE)
    .max(DECIDE_BEFORE_MAX_MINUTES, DECIDE_BEFORE_MESSAGE)
    .default(DECIDE_BEFORE_DEFAULT_MINUTES),
  playAnyway: z.boolean({ error: "playAnyway must be true or false" }).default(false),
});
export type GoNoGoValues = z.input<typeof goNoGoInputSchema>;
export type GoNoGoInput = z.output<typeof goNoGoInputSchema>;

/** A game's go/no-go in every game read (GoNoGo in go-no-go-text.ts). */
export const goNoGoSchema = z
  .object({
    minPlayers: z.number().int(),
    decideBeforeMinutes: z.number().int(),
    decideAt: z.string(),
    playAnyway: z.boolean(),
    decision: z.enum(["on", "off"]).nullable(),
  })
  .nullable();
