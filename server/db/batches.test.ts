import { eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../test-support/test-database.ts";
import { deleteInBatches } from "./batches.ts";
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
