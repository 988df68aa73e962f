import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "./db/client.ts";
import { sessions, users } from "./db/schema.ts";
import { startMaintenance } from "./maintenance.ts";
import { openTestDatabase } from "./test-support/test-database.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("maintenance", () => {
  it("survives runs that fail while the database is away, and works again once it is back", async () => {
    const database = await openTestDatabase();
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
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const errors: unknown[] = [];
    const stop = startMaintenance(db, (error) => errors.push(error));
    try {
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      vi.advanceTimersByTime(5 * 60 * 1000);
      await vi.waitFor(() => expect(errors).toHaveLength(2));
      away = false;
      vi.advanceTimersByTime(5 * 60 * 1000);
      await vi.waitFor(
        async () => {
          const left = await database.db
            .select()
            .from(sessions)
            .where(eq(sessions.sid, "expired-session"));
          expect(left).toHaveLength(0);
        },
        { timeout: 10_000 },
      );
      expect(errors).toHaveLength(2);
    } finally {
      stop();
      await database.close();
    }
  });
});
