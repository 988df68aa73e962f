// Zod-free, so a game's page and a court's can show games without loading the schemas (issue 13).
// games.ts re-exports all of it for the server and the forms.
import type { GamePlayer } from "./games.ts";

/** How long a pickup game runs, for its lifecycle, its calendar entry and hours played. */
export const GAME_DURATION_MINUTES = 120;

export const MAX_PLAYERS_MIN = 2;
export const MAX_PLAYERS_MAX = 30;
export const MAX_PLAYERS_DEFAULT = 10;
export const GAME_TITLE_MAX = 100;
/** Games are planned at most this far ahead. */
export const SCHEDULE_AHEAD_DAYS = 180;

export const GAME_TYPES = {
  pickup: "Pickup",
  "3v3": "3-on-3",
  "5v5": "5-on-5",
  shootaround: "Shootaround",
} as const;
export type GameType = keyof typeof GAME_TYPES;
export const GAME_TYPE_KEYS = Object.keys(GAME_TYPES) as [GameType, ...GameType[]];

/** The lifecycle as every screen and call shows it (product §4's display covers these). */
export const GAME_STATUSES = ["open", "active", "completed", "cancelled"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Points: every completed game played is worth this ('+5 XP')… */
export const XP_PER_GAME = 5;
/** …and a win this much more. */
export const XP_PER_WIN = 5;

export const GAME_NOT_FOUND = "Game not found";
export const GAME_ID_MESSAGE = "Game id must be a positive whole number";
export const COURT_REQUIRED = "Choose a court";
export const TITLE_REQUIRED = "Title is required";
export const WHEN_REQUIRED = "Choose a date and time";
export const WHEN_IN_PAST = "The game must start in the future";
export const WHEN_TOO_FAR = `Games can be planned up to ${SCHEDULE_AHEAD_DAYS} days ahead`;
export const MAX_PLAYERS_MESSAGE = `Number of players must be a whole number from ${MAX_PLAYERS_MIN} to ${MAX_PLAYERS_MAX}`;
export const GAME_TYPE_MESSAGE = `Game type must be one of ${Object.values(GAME_TYPES).join(", ")}`;

// Refusals of join, leave and cancel (409 unless noted), written once for server and screens.
export const GAME_FULL = "This game is full.";
export const GAME_STARTED = "This game has already started.";
export const GAME_CANCELLED = "This game was cancelled.";
export const ORGANIZER_CANNOT_LEAVE = "You organize this game: cancel it instead of leaving."; // 409
export const ONLY_ORGANIZER = "Only the organizer can do that."; // 403

export const TEAMS = ["A", "B"] as const;
export type Team = (typeof TEAMS)[number];

/** GET /api/games/upcoming answers at most this many games. */
export const UPCOMING_LIMIT = 100;

/** A player rates another from RATING_MIN to RATING_MAX. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The name a game shows for a player (product §2: nickname, else first name, else 'Player'). */
export function playerName(player: Pick<GamePlayer, "firstName" | "profile">): string {
  return player.profile?.nickname || player.firstName || "Player";
}

export function formatSpotsLeft(currentPlayers: number, maxPlayers: number): string {
  const left = Math.max(0, maxPlayers - currentPlayers);
  if (left === 0) return "No spots left";
  return left === 1 ? "1 spot left" : `${left} spots left`;
}

/** A game type the list does not know (an older or newer server) is shown as stored. */
export function gameTypeLabel(gameType: string): string {
  return Object.hasOwn(GAME_TYPES, gameType) ? GAME_TYPES[gameType as GameType] : gameType;
}

/** The title a game card shows (product §2: title, else court name, else 'Basketball Game'). */
export function gameTitle(game: { title: string | null; court?: { name: string } | null }): string {
  return game.title || game.court?.name || "Basketball Game";
}
