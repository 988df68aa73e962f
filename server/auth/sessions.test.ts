import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { createSession, findSession, pruneExpiredSessions, SESSION_TTL_MS } from "./sessions.ts";

let database: Database;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const [user] = await database.db.insert(users).values({ email: "s@example.com" }).returning();
  userId = user?.id ?? "";
});
afterAll(() => database.close());

describe("sessions", () => {
  it("gives every session a fresh, unguessable id", async () => {
    const a = await createSession(database.db, userId);
    const b = await createSession(database.db, userId);
    expect(a.sid).not.toBe(b.sid);
    expect(a.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("extends a session only when less than half its life remains", async () => {
    const { db } = database;
    const session = await createSession(db, userId);
    const fresh = await findSession(db, session.sid);
    expect(fresh?.expire.getTime()).toBe(session.expire.getTime());

    const soon = new Date(Date.now() + SESSION_TTL_MS / 4);
    await db.update(sessions).set({ expire: soon }).where(eq(sessions.sid, session.sid));
    const renewed = await findSession(db, session.sid);
    expect(renewed?.expire.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS * 0.9);
  });

  it("prunes expired sessions and keeps live ones", async () => {
    const { db } = database;
    const live = await createSession(db, userId);
    const dead = await createSession(db, userId);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1) })
      .where(eq(sessions.sid, dead.sid));
    expect(await findSession(db, dead.sid)).toBeNull();
    await pruneExpiredSessions(db);
    const left = await db.select({ sid: sessions.sid }).from(sessions);
    expect(left.map((s) => s.sid)).toContain(live.sid);
    expect(left.map((s) => s.sid)).not.toContain(dead.sid);
  });
});
