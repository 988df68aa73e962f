import { and, eq, sql } from "drizzle-orm";
import { deleteInBatches } from "../db/batches.ts";
import type { Queryable } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { rateLimits } from "../db/schema.ts";
import { HttpError } from "../lib/http-error.ts";

export interface Limit {
  /** Hits allowed in one window; the next one is refused. */
  max: number;
  windowMs: number;
}

export interface CounterHit {
  /** The count after this hit. */
  count: number;
  /** Seconds until the window ends and the count starts over (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every instance and every restart sees the same
 * count. `increment` returns the count after this hit; `current` reads without counting.
 */
export async function incrementCounter(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<number> {
  return (await hitCounter(db, key, windowMs)).count;
}

/** One atomic hit (an upsert): the count after it and when its window ends. */
export async function hitCounter(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<CounterHit> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await queryRows<{ count: number; window_start_ms: number }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, ${now.toISOString()}::timestamptz)
    on conflict (key) do update set
      count = case when rate_limits.window_start < ${cutoff}::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < ${cutoff}::timestamptz then now() else rate_limits.window_start end
    returning count, (extract(epoch from window_start) * 1000)::float8 as window_start_ms`,
  );
  const windowEnd = (row?.window_start_ms ?? Date.now()) + windowMs;
  return {
    count: row?.count ?? 1,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000)),
  };
}

/** Throws 429 (with the seconds until the window ends, for Retry-After) past the limit. */
export function refuseOverLimit(hit: CounterHit, limit: Limit, message: string): CounterHit {
  if (hit.count > limit.max) {
    throw new HttpError(429, message, undefined, hit.retryAfterSeconds);
  }
  return hit;
}

/**
 * Counts one hit against `limit` before the work it guards, and throws 429 (with the seconds
 * until the window ends, for Retry-After) once the limit is passed. Counting first, in one
 * atomic statement, is what holds a burst of simultaneous requests to the limit: a
 * check-then-count lets them all read the same old count.
 */
export async function consumeLimit(
  db: Queryable,
  key: string,
  limit: Limit,
  message: string,
): Promise<CounterHit> {
  return refuseOverLimit(await hitCounter(db, key, limit.windowMs), limit, message);
}

/** Gives back one hit that turned out not to count (a sign-in that succeeded). */
export async function refundCounter(db: Queryable, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function currentCount(db: Queryable, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        sql`${rateLimits.windowStart} >= ${new Date(Date.now() - windowMs)}`,
      ),
    );
  return row?.count ?? 0;
}

export async function resetCounter(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** In small batches (server/db/batches.ts): a backlog never holds the database long. */
export async function pruneCounters(db: Queryable, olderThanMs: number): Promise<void> {
  const before = new Date(Date.now() - olderThanMs);
  await deleteInBatches(db, rateLimits, sql`${rateLimits.windowStart} < ${before}`, {
    indexOrder: rateLimits.windowStart,
  });
}
