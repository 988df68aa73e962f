import { eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test-support/test-database.ts";
import { deleteInBatches, inTimedBatches, nextBatchSize } from "./batches.ts";
import type { Database } from "./client.ts";
import { sessions, users } from "./schema.ts";

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
  expect(await deleteInBatches(db, sessions, lt(sessions.expire, new Date()), 3)).toBe(7);
  const left = await db.select({ sid: sessions.sid }).from(sessions);
  expect(left).toEqual([{ sid: "live" }]);
  expect(await deleteInBatches(db, sessions, eq(sessions.sid, "nothing"), 3)).toBe(0);
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
