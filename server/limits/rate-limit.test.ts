import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { currentCount, incrementCounter, pruneCounters, resetCounter } from "./rate-limit.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const WINDOW = 60_000;

describe("rate-limit counters", () => {
  it("count hits within the window", async () => {
    const { db } = database;
    expect(await currentCount(db, "k1", WINDOW)).toBe(0);
    expect(await incrementCounter(db, "k1", WINDOW)).toBe(1);
    expect(await incrementCounter(db, "k1", WINDOW)).toBe(2);
    expect(await currentCount(db, "k1", WINDOW)).toBe(2);
  });

  it("start over once the window has passed", async () => {
    const { db } = database;
    await incrementCounter(db, "k2", WINDOW);
    await incrementCounter(db, "k2", WINDOW);
    await db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 2 * WINDOW) })
      .where(eq(rateLimits.key, "k2"));
    expect(await currentCount(db, "k2", WINDOW)).toBe(0);
    expect(await incrementCounter(db, "k2", WINDOW)).toBe(1);
  });

  it("count every one of many concurrent hits", async () => {
    const { db } = database;
    await Promise.all(Array.from({ length: 25 }, () => incrementCounter(db, "k3", WINDOW)));
    expect(await currentCount(db, "k3", WINDOW)).toBe(25);
  });

  it("reset and prune", async () => {
    const { db } = database;
    await incrementCounter(db, "k4", WINDOW);
    await resetCounter(db, "k4");
    expect(await currentCount(db, "k4", WINDOW)).toBe(0);
    await incrementCounter(db, "k5", WINDOW);
    await db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 10 * WINDOW) })
      .where(eq(rateLimits.key, "k5"));
    await pruneCounters(db, 5 * WINDOW);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "k5"))).toHaveLength(0);
  });
});
