import type { Logger } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { queryRows } from "../../db/query-rows.ts";
import { withRetry } from "../../lib/retry.ts";
import { eventually } from "../../test-support/eventually.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { freshPostgresDatabase } from "../../test-support/test-postgres.ts";
import { courtChanged, publish, type StoredEvent } from "./publish.ts";
import { LIVE_CHANNEL, payloadsOf, wakerOf } from "./wake.ts";

type Heard = { events: StoredEvent[]; payloads: number; stop(): Promise<void> };

/** Everything one instance hears on the live channel. */
async function hear(database: Database): Promise<Heard> {
  const heard: Heard = { events: [], payloads: 0, stop: async () => {} };
  heard.stop = await database.listen(LIVE_CHANNEL, {
    onPayload(payload) {
      heard.payloads += 1;
      heard.events.push(...(JSON.parse(payload) as StoredEvent[]));
    },
  });
  return heard;
}

const courtsOf = (heard: Heard) =>
  heard.events.map((e) => (e.event.type === "court.changed" ? e.event.courtId : null));

/** Published outside any transaction after the case: once it is heard, so is all before it. */
async function marker(database: Database, heard: Heard, courtId: number): Promise<void> {
  await publish(database.db, [courtChanged(courtId)]);
  await eventually(() => courtsOf(heard).includes(courtId));
}

describe("live events wake after the commit (PGlite, or PostgreSQL with TEST_DATABASE_URL)", () => {
  let database: Database;
  let heard: Heard;
  beforeAll(async () => {
    database = await openTestDatabase();
    heard = await hear(database);
  });
  afterAll(async () => {
    await heard.stop();
    await database.close();
  });

  it("never sends an event whose transaction rolled back, nor keeps it", async () => {
    heard.events.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await publish(tx, [courtChanged(1)]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await marker(database, heard, 2);
    expect(courtsOf(heard)).toEqual([2]);
    const kept = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from live_events where data->>'courtId' = '1'`,
    );
    expect(kept[0]?.n).toBe(0);
  });

  it("sends a retried transaction's events once, those of the attempt that committed", async () => {
    heard.events.length = 0;
    let attempts = 0;
    await withRetry(() =>
      database.db.transaction(async (tx) => {
        attempts += 1;
        await publish(tx, [courtChanged(10 + attempts)]);
        if (attempts === 1) {
          // A real unique violation from the database, as a simultaneous write would cause.
          await tx.execute(sql`insert into live_events (id, user_id, data)
            select id, user_id, data from live_events order by id desc limit 1`);
        }
      }),
    );
    expect(attempts).toBe(2);
    await marker(database, heard, 20);
    expect(courtsOf(heard)).toEqual([12, 20]);
  });

  it("sends an event published outside a transaction before publish returns its promise", async () => {
    heard.events.length = 0;
    await publish(database.db, [courtChanged(30), courtChanged(31)]);
    await eventually(() => heard.events.length === 2);
    expect(courtsOf(heard)).toEqual([30, 31]);
    expect(heard.events[0]?.id).toBeLessThan(heard.events[1]?.id ?? 0);
  });

  it("coalesces events sent together into one notice", async () => {
    heard.events.length = 0;
    const before = heard.payloads;
    const waker = wakerOf(database.db);
    const [a, b] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into live_events (data) values (${JSON.stringify(courtChanged(40).event)}::jsonb),
        (${JSON.stringify(courtChanged(41).event)}::jsonb) returning id`,
    );
    await Promise.all([
      waker.send([{ id: Number(b?.id), userId: null, event: courtChanged(41).event }]),
      waker.send([{ id: Number(a?.id), userId: null, event: courtChanged(40).event }]),
    ]);
    await eventually(() => heard.events.length === 2);
    expect(courtsOf(heard)).toEqual([40, 41]);
    expect(heard.payloads - before).toBe(1);
  });
});

describe("the statements of a transaction that publishes", () => {
  it("runs no pg_notify inside the transaction, one after its commit", async () => {
    const log: string[] = [];
    const logger: Logger = { logQuery: (query) => log.push(query) };
    const database = await openPglite(undefined, { logger });
    try {
      await migrateDatabase(database);
      log.length = 0;
      await database.db.transaction(async (tx) => {
        await publish(tx, [courtChanged(1)]);
        log.push("-- end of the transaction's work");
      });
      const end = log.indexOf("-- end of the transaction's work");
      const notifies = log.flatMap((q, at) => (q.includes("pg_notify") ? [at] : []));
      expect(notifies).toHaveLength(1);
      expect(notifies[0]).toBeGreaterThan(end);
    } finally {
      await database.close();
    }
  });
});

describe("many writes at once on a PostgreSQL pool, heard by two instances", () => {
  let postgres: { url: string; close(): Promise<void> };
  let writer: Database;
  let other: Database;
  beforeAll(async () => {
    postgres = await freshPostgresDatabase();
    writer = openPostgres(postgres.url, { max: 20 });
    other = openPostgres(postgres.url, { max: 2 });
    await migrateDatabase(writer);
  });
  afterAll(async () => {
    await writer?.close();
    await other?.close();
    await postgres?.close();
  });

  it("delivers every committed event once to each instance, each transaction's in id order", async () => {
    const here = await hear(writer);
    const there = await hear(other);
    try {
      const TRANSACTIONS = 120;
      await Promise.all(
        Array.from({ length: TRANSACTIONS }, (_, i) =>
          writer.db.transaction(async (tx) => {
            await publish(tx, [courtChanged(i * 3), courtChanged(i * 3 + 1)]);
            await publish(tx, [courtChanged(i * 3 + 2)]);
            // Every fifth rolls back: its events must never arrive.
            if (i % 5 === 4) tx.rollback();
          }),
        ).map((p) => p.catch(() => "rolled back")),
      );
      const stored = await queryRows<{ id: number }>(
        writer.db,
        sql`select id from live_events order by id`,
      );
      const committed = stored.map((r) => Number(r.id));
      expect(committed).toHaveLength((TRANSACTIONS - TRANSACTIONS / 5) * 3);
      for (const heard of [here, there]) {
        await eventually(() => heard.events.length >= committed.length);
        // Let a late duplicate show itself.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const ids = heard.events.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort((a, b) => a - b)).toEqual(committed);
        const courts = courtsOf(heard) as number[];
        expect(courts.some((c) => c % 15 >= 12)).toBe(false);
        // Within one transaction, the order it published in (and its ids).
        const position = new Map(courts.map((c, at) => [c, at]));
        for (let i = 0; i < TRANSACTIONS; i += 1) {
          if (i % 5 === 4) continue;
          const [a, b, c] = [0, 1, 2].map((k) => position.get(i * 3 + k) ?? -1);
          expect(a).toBeLessThan(b as number);
          expect(b).toBeLessThan(c as number);
        }
      }
    } finally {
      await here.stop();
      await there.stop();
    }
  });
});

describe("a send that fails after the commit", () => {
  it("is reported, and never fails the change that committed", async () => {
    const database = await openPglite();
    await migrateDatabase(database);
    const reported: unknown[] = [];
    wakerOf(database.db).onError = (error) => reported.push(error);
    await database.close();
    await wakerOf(database.db).send([{ id: 1, userId: null, event: courtChanged(1).event }]);
    expect(reported).toHaveLength(1);
  });
});

describe("payloads", () => {
  it("keeps every notice under NOTIFY's 8000 bytes, events in id order", () => {
    const events: StoredEvent[] = Array.from({ length: 400 }, (_, i) => ({
      id: 400 - i,
      userId: "u".repeat(36),
      event: { type: "court.changed", courtId: i },
    }));
    const payloads = payloadsOf(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const ids = payloads.flatMap((p) => (JSON.parse(p) as StoredEvent[]).map((e) => e.id));
    expect(ids).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
  });
});
