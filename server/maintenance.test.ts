import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "./db/client.ts";
import { sessions, users } from "./db/schema.ts";
import { runMaintenance } from "./maintenance.ts";
import { openTestDatabase } from "./test-support/test-database.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("maintenance", () => {
  it("fails its runs while the database is away, and works again once it is back", async () => {
    const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
    await database.db.insert(sessions).values({
      sid: "expired-session",
      sess: { userId: user?.id ?? "", createdAt: new Date().toISOString() },
      expire: new Date(Date.now() - 1000),
    });
    let away = true;
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (away) throw Object.assign(new Error("Connection terminated"), { code: "57P01" });
        return Reflect.get(target, property, receiver);
      },
    }) as Db;
    // A run fails while the database is away (the job fails; the next tick runs it again)…
    await expect(runMaintenance(db)).rejects.toThrow("Connection terminated");
    await expect(runMaintenance(db)).rejects.toThrow("Connection terminated");
    // …and the next run once it is back does the work.
    away = false;
    await runMaintenance(db);
    const left = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, "expired-session"));
    expect(left).toHaveLength(0);
  });
});
