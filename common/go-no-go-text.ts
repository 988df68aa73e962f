import { formatGameTime } from "./game-time.ts";
import { toZonedInputValue } from "./zoned-time.ts";

/**
 * Go / no-go (issue 32 point 3), without zod so game cards can show it: the organizer sets a
 * minimum of players and how long before the start the game is decided; at that moment it is on
 * (minimum reached, or the organizer chose to play anyway) or called off.
 */

export const DECIDE_BEFORE_MIN_MINUTES = 15;
export const DECIDE_BEFORE_MAX_MINUTES = 48 * 60;
export const DECIDE_BEFORE_DEFAULT_MINUTES = 3 * 60;

export const DECIDE_BEFORE_MESSAGE =
  "The decision time must be 15 minutes to 48 hours before the start";
export const MIN_ABOVE_MAX = "The minimum cannot be more than the number of players";
export const DECISION_PAST = "The decision time has already passed";

/** The go/no-go of a game as every read carries it; null when the game has none. */
export type GoNoGo = {
  minPlayers: number;
  decideBeforeMinutes: number;
  /** ISO 8601: the start less decideBeforeMinutes. */
  decideAt: string;
  playAnyway: boolean;
  /** Null until decided. */
  decision: "on" | "off" | null;
};

/** The decision's moment on the court's clock: its time alone when it falls on the game's day. */
export function decisionTime(decideAt: string, startsAt: string, timeZone: string): string {
  const sameDay =
    toZonedInputValue(new Date(decideAt), timeZone).slice(0, 10) ===
    toZonedInputValue(new Date(startsAt), timeZone).slice(0, 10);
  return formatGameTime(decideAt, timeZone, sameDay ? "clock" : "short");
}

type GameLike = {
  status: string;
  scheduledAt: string;
  currentPlayers: number;
  court: { timeZone: string };
  goNoGo: GoNoGo | null;
};

/**
 * What a game says about its go/no-go where players look: 'Needs 3 more by 3:30 PM PT' until
 * the decision, then 'Game on' (or why it was called off). Null when there is nothing to say.
 */
export function goNoGoLine(game: GameLike): string | null {
  const g = game.goNoGo;
  if (!g) return null;
  const by = decisionTime(g.decideAt, game.scheduledAt, game.court.timeZone);
  if (g.decision === "on") return "Game on";
  if (g.decision === "off") return calledOffReason(game.currentPlayers, g.minPlayers, by);
  if (game.status !== "open") return null;
  const needed = g.minPlayers - game.currentPlayers;
  if (needed <= 0) return `Minimum reached · decided at ${by}`;
  if (g.playAnyway) return `Playing anyway · ${needed} short of ${g.minPlayers}`;
  return `Needs ${needed} more by ${by}`;
}

/** The reason a call-off notice and the game give: 'Called off: 5 of 8 players by 3:30 PM PT'. */
export const calledOffReason = (seated: number, minPlayers: number, by: string) =>
  `Called off: ${seated} of ${minPlayers} players by ${by}`;
