import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../../common/live-events.ts";
import type { Queryable } from "../../db/client.ts";
import { liveEvents } from "../../db/schema.ts";

/** The PostgreSQL channel every instance LISTENs on. */
export const LIVE_CHANNEL = "bwb_live";

/** NOTIFY payloads must stay under 8000 bytes; events are small, so batches are cut well below. */
const PAYLOAD_BUDGET = 6000;

export type Audience = { userId: string } | "public";

export type Announcement = { event: LiveEvent; to: Audience };

/** What travels through NOTIFY and what the hub hands to streams. */
export type StoredEvent = { id: number; userId: string | null; event: LiveEvent };

/**
 * Announces live events from inside the transaction of the change they describe: each is kept in
 * live_events (so a reconnecting stream can resume) and sent with pg_notify, which PostgreSQL
 * delivers to every listening instance only when — and if — the transaction commits.
 */
export async function publish(
  tx: Queryable,
  announcements: readonly Announcement[],
): Promise<void> {
  if (announcements.length === 0) return;
  const rows = await tx
    .insert(liveEvents)
    .values(
      announcements.map(({ event, to }) => ({
        userId: to === "public" ? null : to.userId,
        data: event as Record<string, unknown>,
      })),
    )
    .returning({ id: liveEvents.id, userId: liveEvents.userId, data: liveEvents.data });
  const stored: StoredEvent[] = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    event: r.data as LiveEvent,
  }));
  for (const payload of batches(stored)) {
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }
}

function batches(events: StoredEvent[]): string[] {
  const payloads: string[] = [];
  let batch: StoredEvent[] = [];
  let size = 2;
  for (const e of events) {
    const length = JSON.stringify(e).length + 1;
    if (batch.length > 0 && size + length > PAYLOAD_BUDGET) {
      payloads.push(JSON.stringify(batch));
      batch = [];
      size = 2;
    }
    batch.push(e);
    size += length;
  }
  if (batch.length > 0) payloads.push(JSON.stringify(batch));
  return payloads;
}

/** The events of one game's change, for everyone watching it or its court's lists. */
export const gameChanged = (gameId: number, courtId: number): Announcement => ({
  event: { type: "game.changed", gameId, courtId },
  to: "public",
});

export const courtChanged = (courtId: number): Announcement => ({
  event: { type: "court.changed", courtId },
  to: "public",
});
