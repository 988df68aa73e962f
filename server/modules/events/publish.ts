import { type SQL, sql } from "drizzle-orm";
import type { LiveEvent } from "../../../common/live-events.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { liveEvents } from "../../db/schema.ts";
import { wake } from "./wake.ts";

export type Audience = { userId: string } | "public";

export type Announcement = { event: LiveEvent; to: Audience };

/** What travels through NOTIFY and what the hub hands to streams. */
export type StoredEvent = { id: number; userId: string | null; event: LiveEvent };

/** live_events rows as a statement's RETURNING answers them. */
export type StoredRow = { id: number | string; user_id: string | null; data: LiveEvent };

/**
 * Announces live events with the change they describe: each is kept in live_events inside the
 * caller's transaction (so a reconnecting stream can resume, and an event exists if and only if
 * its change committed), and sent to every instance once that transaction commits (wake.ts).
 */
export async function publish(
  tx: Queryable,
  announcements: readonly Announcement[],
): Promise<void> {
  if (announcements.length === 0) return;
  const rows = await queryRows<StoredRow>(
    tx,
    sql`insert into ${liveEvents} (user_id, data) values ${sql.join(eventRows(announcements), sql`, `)}
      returning id, user_id, data`,
  );
  await wake(tx, rows.map(storedEvent));
}

/** The `(user_id, data)` rows of live_events that keep `announcements`. */
export function eventRows(announcements: readonly Announcement[]): SQL[] {
  return announcements.map(
    ({ event, to }) =>
      sql`(${to === "public" ? null : to.userId}::varchar, ${JSON.stringify(event)}::jsonb)`,
  );
}

export const storedEvent = (row: StoredRow): StoredEvent => ({
  id: Number(row.id),
  userId: row.user_id,
  event: row.data,
});

/** The events of one game's change, for everyone watching it or its court's lists. */
export const gameChanged = (gameId: number, courtId: number): Announcement => ({
  event: { type: "game.changed", gameId, courtId },
  to: "public",
});

export const courtChanged = (courtId: number): Announcement => ({
  event: { type: "court.changed", courtId },
  to: "public",
});
