import { eq, lt, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedManyCourts } from "../../scripts/seed-many-courts.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import {
  batchDelete,
  deleteInBatches,
  inBatches,
  inTimedBatches,
  nextBatchSize,
} from "./batches.ts";
import type { Database } from "./client.ts";
import { queryRows } from "./query-rows.ts";
import { courtHourlyVisits, sessions, users } from "./schema.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it("deletes every matching row, a few per statement, and nothing else", async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({}).returning({ id: users.id });
  const sess = { userId: user?.id ?? "", createdAt: new Date().toISOString() };
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 60_000);
  await db
    .insert(sessions)
    .values([
      ...Array.from({ length: 7 }, (_, i) => ({ sid: `old-${i}`, sess, expire: past })),
      { sid: "live", sess, expire: future },
    ]);
  expect(await deleteInBatches(db, sessions, lt(sessions.expire, new Date()), { size: 3 })).toBe(7);
  const left = await db.select({ sid: sessions.sid }).from(sessions);
  expect(left).toEqual([{ sid: "live" }]);
  expect(await deleteInBatches(db, sessions, eq(sessions.sid, "nothing"), { size: 3 })).toBe(0);
});

it("walks the index it is given, where the planner would scan the whole table", async () => {
  const db = database.db;
  await seedManyCourts(db, 20);
  // Hours in no physical order, a third of them past the bound (as check-ins end in use).
  await db.execute(sql`insert into court_hourly_visits (court_id, hour, arrivals, present)
    select c.id, date_trunc('hour', now()) - h * interval '1 hour', 1, 1
    from courts c, generate_series(1, 1500) h order by random()`);
  await db.execute(sql`analyze court_hourly_visits`);
  const old = sql`${courtHourlyVisits.hour} < now() - interval '40 days'`;
  const plan = async (statement: SQL) =>
    (await queryRows<{ "QUERY PLAN": string }>(db, sql`explain ${statement}`))
      .map((row) => row["QUERY PLAN"])
      .join("\n");
  expect(await plan(batchDelete(courtHourlyVisits, old, 500))).toMatch(
    /Seq Scan on court_hourly_visits/,
  );
  const walked = await plan(batchDelete(courtHourlyVisits, old, 500, courtHourlyVisits.hour));
  expect(walked).toMatch(/Index Scan using court_hourly_visits_hour_idx/);
  expect(walked).toMatch(/Tid Scan on court_hourly_visits/);
  expect(walked).not.toMatch(/Seq Scan on court_hourly_visits/);
  const before = await db.$count(courtHourlyVisits);
  const deleted = await deleteInBatches(db, courtHourlyVisits, old, {
    indexOrder: courtHourlyVisits.hour,
  });
  expect(deleted).toBeGreaterThan(5_000);
  expect(await db.$count(courtHourlyVisits)).toBe(before - deleted);
  expect(await db.$count(courtHourlyVisits, old)).toBe(0);
});

describe("batches sized by time", () => {
  const limits = { min: 5, max: 500, targetMs: 30 };

  it("shrinks a batch that took too long, grows a quick one at most twofold, within the bounds", () => {
    expect(nextBatchSize(50, 300, limits)).toBe(5);
    expect(nextBatchSize(50, 60, limits)).toBe(25);
    expect(nextBatchSize(50, 30, limits)).toBe(50);
    expect(nextBatchSize(50, 1, limits)).toBe(100);
    expect(nextBatchSize(400, 1, limits)).toBe(500);
    expect(nextBatchSize(10, 0, limits)).toBe(20);
  });

  it("runs until a batch is not full, handing each its size, and answers the total", async () => {
    let left = 1_000;
    const sizes: number[] = [];
    const total = await inTimedBatches(
      async (size) => {
        sizes.push(size);
        const done = Math.min(size, left);
        left -= done;
        return done;
      },
      { first: 10, max: 300 },
    );
    expect(total).toBe(1_000);
    expect(left).toBe(0);
    expect(sizes[0]).toBe(10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(300);
    expect(sizes.at(-1)).toBeGreaterThan(0);
  });
});

it("rests between batches as long as the last one took, so what comes in meanwhile runs first", async () => {
  const order: string[] = [];
  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
  };
  let batches = 0;
  await inBatches(async () => {
    batches += 1;
    order.push(`batch ${batches}`);
    // A request arriving just after this batch, while the thread is held (no turn of the loop).
    if (batches === 1) setTimeout(() => order.push("request"), 25);
    busy(20);
    return batches < 3 ? 2 : 0;
  }, 2);
  expect(order).toEqual(["batch 1", "request", "batch 2", "batch 3"]);
});
