import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { BANNED } from "../../common/moderation.ts";
import { deleteInBatches } from "../db/batches.ts";
import type { Queryable } from "../db/client.ts";
import { perDatabase } from "../db/per-database.ts";
import { sessions, users } from "../db/schema.ts";
import { HttpError } from "../lib/http-error.ts";

export const SESSION_COOKIE = "bwb_session";
/** The sliding lifetime: a session unused this long ends. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The absolute lifetime (SESSION_MAX_AGE_DAYS): a session this old ends however busy it is. */
export const DEFAULT_SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
// A session is extended only when less than this remains, so reads rarely write.
const RENEW_WHEN_REMAINING_MS = SESSION_TTL_MS / 2;
// "Last seen" is written at most this often per session, for the same reason.
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
/** Live sessions one account may hold; signing in once more ends the least recently used. */
export const MAX_SESSIONS_PER_USER = 20;

export interface Session {
  /** The row's key: a hash of the cookie's token, never the token itself. */
  id: string;
  userId: string;
  expire: Date;
  /** The player is suspended until then (decision 116); null or past: not suspended. */
  suspendedUntil?: Date | null;
}

/** A session just created: the row, and the token that only the browser's cookie holds. */
export interface NewSession extends Session {
  sid: string;
}

/**
 * The database holds only the SHA-256 of each token, so a dump, a backup or a logged query
 * parameter cannot be replayed as a cookie. The token has 256 random bits, so a plain hash
 * (no salt, no stretching) is enough: there is nothing to guess.
 */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export async function createSession(
  db: Queryable,
  userId: string,
  options: { userAgent?: string; maxAgeMs?: number } = {},
): Promise<NewSession> {
  // 256 random bits: a fresh token at every sign-in, so a planted one is never promoted.
  const sid = randomBytes(32).toString("base64url");
  const id = sessionIdOf(sid);
  const now = new Date();
  const expire = new Date(
    now.getTime() + Math.min(SESSION_TTL_MS, options.maxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS),
  );
  const sess = {
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    ...(options.userAgent ? { userAgent: options.userAgent.slice(0, 512) } : {}),
  };
  await db.transaction(async (tx) => {
    // Sign-ins of one account queue on its user row, so a burst cannot pass the cap.
    // And a ban (decision 116) is read under that lock: a sign-in racing it never outlives it.
    const [user] = await tx
      .select({ bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    if (user?.bannedAt) throw new HttpError(403, BANNED);
    await tx.insert(sessions).values({ sid: id, sess, expire });
    await tx.execute(sql`
      delete from ${sessions} where ${sessions.sid} in (
        select ${sessions.sid} from ${sessions}
        where ${sessions.sess}->>'userId' = ${userId}
        order by ${sessions.expire} desc
        offset ${MAX_SESSIONS_PER_USER}
      )`);
  });
  return { sid, id, userId, expire };
}

/**
 * Every signed-in /api request reads its session: the statement is built once per database,
 * not per request (building it cost about a fifth of the read on PGlite), and on PostgreSQL it
 * is prepared once per connection.
 */
const sessionRead = perDatabase((db) =>
  db
    .select({
      expire: sessions.expire,
      sess: sessions.sess,
      userId: users.id,
      suspendedUntil: users.suspendedUntil,
    })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .where(
      and(
        eq(sessions.sid, sql.placeholder("sid")),
        gt(sessions.expire, sql.placeholder("now")),
        isNull(users.deletedAt),
        // A banned player's sessions end with the ban; one that raced it is not honoured.
        isNull(users.bannedAt),
      ),
    )
    .prepare("find_session"),
);

/**
 * The live session a cookie's token names, with its player's id, in one query (an index probe
 * per table). It is extended when less than half its sliding life remains, never past its absolute
 * end (created + maxAgeMs), and "last seen" is kept roughly: the only writes, so reads rarely
 * write. A session whose account is gone is no session.
 */
export async function findSession(
  db: Queryable,
  token: string,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
): Promise<Session | null> {
  const id = sessionIdOf(token);
  const [row] = await sessionRead(db).execute({ sid: id, now: new Date() });
  if (!row) return null;
  return keepSession(db, { id, ...row }, maxAgeMs);
}

/** A session's row as read, with its player's id. */
type SessionRow = {
  id: string;
  userId: string;
  expire: Date;
  sess: (typeof sessions.$inferSelect)["sess"];
  suspendedUntil?: Date | null;
};

/**
 * What a live session's row means now: ended (and deleted) past its absolute end, else the
 * session, extended and its "last seen" written when due (findSession's rules).
 */
async function keepSession(
  db: Queryable,
  row: SessionRow,
  maxAgeMs: number,
): Promise<Session | null> {
  const now = Date.now();
  const createdAt = Date.parse(row.sess.createdAt);
  const absoluteEnd = (Number.isFinite(createdAt) ? createdAt : now) + maxAgeMs;
  if (absoluteEnd <= now) {
    await destroySession(db, row.id);
    return null;
  }
  const session: Session = {
    id: row.id,
    userId: row.userId,
    expire: row.expire,
    suspendedUntil: row.suspendedUntil ?? null,
  };
  const renew = row.expire.getTime() - now < RENEW_WHEN_REMAINING_MS;
  const lastSeen = Date.parse(row.sess.lastSeenAt ?? row.sess.createdAt);
  if (renew || !(now - lastSeen < LAST_SEEN_EVERY_MS)) {
    if (renew) session.expire = new Date(Math.min(now + SESSION_TTL_MS, absoluteEnd));
    await db
      .update(sessions)
      .set({
        expire: session.expire,
        sess: { ...row.sess, lastSeenAt: new Date(now).toISOString() },
      })
      .where(eq(sessions.sid, row.id));
  }
  return session;
}

/** Ends a session by its id (`Session.id`, the hash). */
export async function destroySession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionId));
}

/** Ends every session of an account except `keepId` (none kept when omitted). */
export async function destroyUserSessions(
  db: Queryable,
  userId: string,
  keepId?: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        sql`${sessions.sess}->>'userId' = ${userId}`,
        keepId ? sql`${sessions.sid} <> ${keepId}` : undefined,
      ),
    )
    .returning({ sid: sessions.sid });
  return rows.length;
}

/** In small batches (server/db/batches.ts): a backlog never holds the database long. */
export async function pruneExpiredSessions(db: Queryable): Promise<void> {
  await deleteInBatches(db, sessions, lt(sessions.expire, new Date()), {
    indexOrder: sessions.expire,
  });
}
