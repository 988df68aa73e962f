import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

/**
 * Fixed-window counters kept in PostgreSQL, so every instance and every restart sees the same
 * count. `increment` returns the count after this hit; `current` reads without counting.
 */
export async function incrementCounter(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<number> {
  const windowStartCutoff = new Date(Date.now() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
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

export async function pruneCounters(db: Queryable, olderThanMs: number): Promise<void> {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${new Date(Date.now() - olderThanMs)}`);
}
