import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { MIGRATIONS_FOLDER } from "../db/migrate.ts";
import { sessions, users } from "../db/schema.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import {
  createSession,
  findSession,
  MAX_SESSIONS_PER_USER,
  pruneExpiredSessions,
  SESSION_TTL_MS,
  sessionIdOf,
} from "./sessions.ts";

let database: Database;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  userId = await newUser("s@example.com");
});
afterAll(() => database.close());

async function newUser(email: string): Promise<string> {
  const [user] = await database.db.insert(users).values({ email }).returning();
  if (!user) throw new Error("no user");
  return user.id;
}

const sessionsOf = async (id: string) =>
  database.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(sql`${sessions.sess}->>'userId' = ${id}`);

describe("sessions", () => {
  it("gives every session a fresh, unguessable token and stores only its hash", async () => {
    const a = await createSession(database.db, userId);
    const b = await createSession(database.db, userId);
    expect(a.sid).not.toBe(b.sid);
    expect(a.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await sessionsOf(userId)).map((row) => row.sid);
    expect(stored).toContain(sessionIdOf(a.sid));
    expect(stored).not.toContain(a.sid);
    expect(sessionIdOf(a.sid)).toMatch(/^[0-9a-f]{64}$/);
    // What the database holds does not open the session: only the token does.
    expect(await findSession(database.db, sessionIdOf(a.sid))).toBeNull();
    expect((await findSession(database.db, a.sid))?.userId).toBe(userId);
  });

  it("extends a session only when less than half its life remains", async () => {
    const { db } = database;
    const session = await createSession(db, userId);
    const fresh = await findSession(db, session.sid);
    expect(fresh?.expire.getTime()).toBe(session.expire.getTime());

    const soon = new Date(Date.now() + SESSION_TTL_MS / 4);
    await db.update(sessions).set({ expire: soon }).where(eq(sessions.sid, session.id));
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
      .where(eq(sessions.sid, dead.id));
    expect(await findSession(db, dead.sid)).toBeNull();
    await pruneExpiredSessions(db);
    const left = await db.select({ sid: sessions.sid }).from(sessions);
    expect(left.map((s) => s.sid)).toContain(live.id);
    expect(left.map((s) => s.sid)).not.toContain(dead.id);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per account, ending the least recently used`, async () => {
    const { db } = database;
    const owner = await newUser("many@example.com");
    const first = await createSession(db, owner);
    // The first session is in use (renewed), so it outlives those created after it.
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 2 * SESSION_TTL_MS) })
      .where(eq(sessions.sid, first.id));
    const second = await createSession(db, owner);
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) await createSession(db, owner);
    expect(await sessionsOf(owner)).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(await findSession(db, first.sid)).not.toBeNull();
    expect(await findSession(db, second.sid)).toBeNull();
  });

  it("150 simultaneous sign-ins of one account leave at most the cap, and other accounts untouched", async () => {
    const { db } = database;
    const owner = await newUser("burst@example.com");
    const bystander = await newUser("bystander@example.com");
    const kept = await createSession(db, bystander);
    const created = await Promise.all(Array.from({ length: 150 }, () => createSession(db, owner)));
    expect(await sessionsOf(owner)).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(await findSession(db, kept.sid)).not.toBeNull();
    const alive = await Promise.all(created.map((s) => findSession(db, s.sid)));
    expect(alive.filter(Boolean)).toHaveLength(MAX_SESSIONS_PER_USER);
  });
});

describe("migration 0006: sessions created before hashing", () => {
  it("keeps them signed in: the stored token becomes the hash the server looks up", async () => {
    const { db } = database;
    const owner = await newUser("before@example.com");
    const token = "pre-hash-token_0123456789abcdefghijklmnopqrstu";
    await db.insert(sessions).values({
      sid: token,
      sess: { userId: owner, createdAt: new Date().toISOString() },
      expire: new Date(Date.now() + SESSION_TTL_MS),
    });
    expect(await findSession(db, token)).toBeNull();
    const migration = fs.readFileSync(
      path.join(MIGRATIONS_FOLDER, "0006_hash_session_ids.sql"),
      "utf8",
    );
    // Only that row: the others are hashed already.
    await db.execute(
      sql.raw(migration.replace(/;\s*$/, ` WHERE "sid" = '${token}';`).replace(/^--.*$/gm, "")),
    );
    expect((await findSession(db, token))?.userId).toBe(owner);
  });
});
