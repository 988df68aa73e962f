import { type SQL, sql } from "drizzle-orm";
import type { LiveEvent } from "../../../common/live-events.ts";
import type { Queryable } from "../../db/client.ts";
import { liveEvents } from "../../db/schema.ts";

/** The PostgreSQL channel every instance LISTENs on. */
export const LIVE_CHANNEL = "bwb_live";

export type Audience = { userId: string } | "public";

export type Announcement = { event: LiveEvent; to: Audience };

/** What travels through NOTIFY and what the hub hands to streams. */
export type StoredEvent = { id: number; userId: string | null; event: LiveEvent };

/**
 * Announces live events from inside the transaction of the change they describe: each is kept in
 * live_events (so a reconnecting stream can resume) and sent with pg_notify, which PostgreSQL
 * delivers to every listening instance only when — and if — the transaction commits. One
 * statement, one NOTIFY per event (each well under NOTIFY's 8000-byte limit).
 */
export async function publish(
  tx: Queryable,
  announcements: readonly Announcement[],
): Promise<void> {
  if (announcements.length === 0) return;
  await tx.execute(sql`with stored as (
      insert into ${liveEvents} (user_id, data) values ${sql.join(eventRows(announcements), sql`, `)}
      returning id, user_id, data
    )
    ${sendStored}`);
}

/** The `(user_id, data)` rows of live_events that keep `announcements`. */
export function eventRows(announcements: readonly Announcement[]): SQL[] {
  return announcements.map(
    ({ event, to }) =>
      sql`(${to === "public" ? null : to.userId}::varchar, ${JSON.stringify(event)}::jsonb)`,
  );
}

/**
 * Sends each event of a CTE named `stored` (id, user_id, data: live_events rows just written)
 * with pg_notify: for statements that store their events with other writes.
 */
export const sendStored = sql`select pg_notify(${LIVE_CHANNEL}, json_build_array(
      json_build_object('id', id, 'userId', user_id, 'event', data))::text)
    from stored`;

/** The events of one game's change, for everyone watching it or its court's lists. */
export const gameChanged = (gameId: number, courtId: number): Announcement => ({
  event: { type: "game.changed", gameId, courtId },
  to: "public",
});

export const courtChanged = (courtId: number): Announcement => ({
  event: { type: "court.changed", courtId },
  to: "public",
});
