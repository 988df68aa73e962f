import type { LiveEvent } from "@common/live-events.ts";

/**
 * Which cached reads an event makes stale, by the URL in their query key: `exact` is one key,
 * `prefix` every key starting with it. Only what a page shows is refetched (TanStack Query
 * refetches active queries and marks the rest stale), never patched from the event.
 */
export type Stale =
  | { exact: string }
  | { prefix: string }
  /** A run's page (`/api/runs/{id}`) whose dates include this game: an event names the game only. */
  | { runWithGame: number }
  | "everything";

export function staleAfter(event: LiveEvent): Stale[] {
  switch (event.type) {
    case "game.changed":
      return [
        { exact: `/api/games/${event.gameId}` },
        { exact: `/api/games/${event.gameId}/participants` },
        { exact: `/api/games/${event.gameId}/line` },
        { exact: `/api/games/${event.gameId}/showing-up` },
        // A seat offered, taken or passed on (decision 103).
        { exact: `/api/games/${event.gameId}/offer` },
        // Teams made or rebalanced, or seats changed under them (decision 111).
        { exact: `/api/games/${event.gameId}/teams` },
        { prefix: "/api/games/upcoming" },
        { exact: "/api/games/my" },
        { exact: "/api/games/my-games" },
        // A friend took or left a seat (the players page's friends' games).
        { exact: "/api/friends/games" },
        { prefix: `/api/courts/${event.courtId}/` },
        { runWithGame: event.gameId },
      ];
    case "court.changed":
      return [
        { exact: "/api/courts" },
        // The directory: its pages of cards, map tiles and totals (live player counts).
        { prefix: "/api/courts?" },
        { prefix: "/api/courts/tiles/" },
        { exact: "/api/courts/overview" },
        { exact: "/api/courts/popular" },
        { exact: `/api/courts/${event.courtId}` },
        { prefix: `/api/courts/${event.courtId}/` },
      ];
    case "game.thread":
      return [{ prefix: `/api/games/${event.gameId}/messages` }];
    case "notifications.changed":
      // A friend request or an accept arrives as a notice: the friends list changed with it.
      return [
        { exact: "/api/notifications/unread-count" },
        { exact: "/api/notifications" },
        { exact: "/api/friends" },
        { exact: "/api/friends/games" },
      ];
    case "player.changed":
      // Saved on another device, or a result rated them: their own pages show it, and whom
      // they are near.
      return [
        { exact: "/api/auth/user" },
        { exact: "/api/user/profile" },
        // A result or peer ratings moved their level (decision 110).
        { exact: "/api/user/level" },
        { exact: "/api/user/settings" },
        { exact: "/api/players/nearby" },
      ];
    case "resync":
      return ["everything"];
    default:
      return [];
  }
}

export function staleKey(stale: Stale): string {
  if (stale === "everything") return "*";
  if ("exact" in stale) return `=${stale.exact}`;
  if ("prefix" in stale) return `^${stale.prefix}`;
  return `run∋${stale.runWithGame}`;
}

/** Reads the JSON of one `data:` line; anything else (a newer server's event) is ignored. */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const event = JSON.parse(data) as { type?: unknown };
    return typeof event?.type === "string" ? (event as LiveEvent) : null;
  } catch {
    return null;
  }
}
