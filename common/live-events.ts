/**
 * What GET /api/events streams (Server-Sent Events, one JSON object per `data:` line). An event
 * says what changed, never the new state: the client refetches what it shows.
 * Public events go to everyone; the others only to the player they concern.
 */
export type LiveEvent =
  /** Seats, players or the status of a game changed (join, leave, cancel, result, a new game). */
  | { type: "game.changed"; gameId: number; courtId: number }
  /** A court's active players changed (check-in, check-out, a check-in running out). */
  | { type: "court.changed"; courtId: number }
  /** A new message in the thread of a game the player is in (members only). */
  | { type: "game.thread"; gameId: number }
  /** The player's notifications changed: a new one, or read elsewhere. */
  | { type: "notifications.changed" }
  /** The player's card, privacy settings or position changed (on any device): refetch. */
  | { type: "player.changed" }
  /** The player deleted their account: nothing for their devices to fetch. */
  | { type: "player.left" }
  /** The stream could not resume from Last-Event-ID: everything shown may be stale. */
  | { type: "resync" };

export type LiveEventType = LiveEvent["type"];

/** Public events: seat and court counts, which visitors see anyway. */
export const PUBLIC_EVENT_TYPES: readonly LiveEventType[] = ["game.changed", "court.changed"];
