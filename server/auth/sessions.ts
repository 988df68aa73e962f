import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { sessions } from "../db/schema.ts";

export const SESSION_COOKIE = "bwb_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// A session is extended only when less than this remains, so reads rarely write.
const RENEW_WHEN_REMAINING_MS = SESSION_TTL_MS / 2;

export interface Session {
  sid: string;
  userId: string;
  expire: Date;
}

export async function createSession(db: Queryable, userId: string): Promise<Session> {
  // 256 random bits: a fresh id at every sign-in, so a planted id is never promoted.
  const sid = randomBytes(32).toString("base64url");
  const expire = new Date(Date.now() + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ sid, sess: { userId, createdAt: new Date().toISOString() }, expire });
  return { sid, userId, expire };
}

export async function findSession(db: Queryable, sid: string): Promise<Session | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())));
  if (!row) return null;
  const session = { sid: row.sid, userId: row.sess.userId, expire: row.expire };
  if (row.expire.getTime() - Date.now() < RENEW_WHEN_REMAINING_MS) {
    session.expire = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expire: session.expire }).where(eq(sessions.sid, sid));
  }
  return session;
}

export async function destroySession(db: Queryable, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function pruneExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}
