import { and, eq, inArray, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Queryable, Tx } from "./client.ts";
import { playerBlocks } from "./schema.ts";

/**
 * What happens between two players (a friend request, an accept, a block) happens one at a
 * time: a transaction-level advisory lock on the pair, not a row lock on the users, which every
 * insert naming them would wait behind.
 */
export async function lockPair(tx: Tx, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`friends:${low}:${high}`}, 0))`,
  );
}

/**
 * True when neither player blocked the other (decision 114): a block counts both ways. Two
 * `not exists`, one per direction, so the planner makes each an anti-join (an `or` of the two
 * would be a subplan run per row).
 */
export const unblockedSql = (a: SQLWrapper | string, b: SQLWrapper | string) => sql<boolean>`(
  not exists (select 1 from ${playerBlocks} where ${playerBlocks.blockerId} = ${a} and ${playerBlocks.blockedId} = ${b})
  and not exists (select 1 from ${playerBlocks} where ${playerBlocks.blockerId} = ${b} and ${playerBlocks.blockedId} = ${a}))`;

/** Who blocked whom between two players, if anyone (either may have; "mine" wins). */
export async function blockBetween(
  db: Queryable,
  callerId: string,
  otherId: string,
): Promise<"none" | "mine" | "theirs"> {
  const rows = await db
    .select({ blockerId: playerBlocks.blockerId })
    .from(playerBlocks)
    .where(
      or(
        and(eq(playerBlocks.blockerId, callerId), eq(playerBlocks.blockedId, otherId)),
        and(eq(playerBlocks.blockerId, otherId), eq(playerBlocks.blockedId, callerId)),
      ),
    );
  if (rows.some((r) => r.blockerId === callerId)) return "mine";
  return rows.length > 0 ? "theirs" : "none";
}

/** Of `others`, those who blocked `userId` or whom `userId` blocked. */
export async function blockedAmong(
  db: Queryable,
  userId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: playerBlocks.blockerId, blockedId: playerBlocks.blockedId })
    .from(playerBlocks)
    .where(
      or(
        and(eq(playerBlocks.blockerId, userId), inArray(playerBlocks.blockedId, [...others])),
        and(eq(playerBlocks.blockedId, userId), inArray(playerBlocks.blockerId, [...others])),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
}
