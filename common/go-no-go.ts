import { z } from "zod";
import { MAX_PLAYERS_MAX, MAX_PLAYERS_MIN } from "./game-limits.ts";
import {
  DECIDE_BEFORE_DEFAULT_MINUTES,
  DECIDE_BEFORE_MAX_MINUTES,
  DECIDE_BEFORE_MESSAGE,
  DECIDE_BEFORE_MIN_MINUTES,
  DECISION_PAST,
  MIN_ABOVE_MAX,
} from "./go-no-go-text.ts";

export * from "./go-no-go-text.ts";

const MIN_PLAYERS_MESSAGE = `The minimum must be a whole number from ${MAX_PLAYERS_MIN} to ${MAX_PLAYERS_MAX}`;

export const minPlayersSchema = z
  .number({ error: MIN_PLAYERS_MESSAGE })
  .int(MIN_PLAYERS_MESSAGE)
  .min(MAX_PLAYERS_MIN, MIN_PLAYERS_MESSAGE)
  .max(MAX_PLAYERS_MAX, MIN_PLAYERS_MESSAGE)
  .nullable();

export const decideBeforeMinutesSchema = z
  .number({ error: DECIDE_BEFORE_MESSAGE })
  .int(DECIDE_BEFORE_MESSAGE)
  .min(DECIDE_BEFORE_MIN_MINUTES, DECIDE_BEFORE_MESSAGE)
  .max(DECIDE_BEFORE_MAX_MINUTES, DECIDE_BEFORE_MESSAGE);

/**
 * PUT /api/games/{id}/go-no-go. `minPlayers` null: the game has no go/no-go. Whether the
 * minimum fits the game and the decision time is still ahead depends on the game, so the
 * service checks those.
 */
export const goNoGoInputSchema = z.object({
  minPlayers: minPlayersSchema,
  decideBeforeMinutes: decideBeforeMinutesSchema.default(DECIDE_BEFORE_DEFAULT_MINUTES),
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

/**
 * The create form's go/no-go against the game it is part of: a minimum within its number of
 * players, a decision time still ahead (read when checked, as the start's own rule).
 */
export function goNoGoFitsGame(
  game: {
    scheduledAt: string;
    maxPlayers: number;
    minPlayers?: number | null | undefined;
    decideBeforeMinutes?: number | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (game.minPlayers === null || game.minPlayers === undefined) return;
  const decideBefore = game.decideBeforeMinutes ?? DECIDE_BEFORE_DEFAULT_MINUTES;
  if (game.minPlayers > game.maxPlayers) {
    context.addIssue({ code: "custom", message: MIN_ABOVE_MAX, path: ["minPlayers"] });
  }
  if (Date.parse(game.scheduledAt) - decideBefore * 60_000 <= Date.now()) {
    context.addIssue({ code: "custom", message: DECISION_PAST, path: ["decideBeforeMinutes"] });
  }
}
