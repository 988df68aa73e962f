import { inArray, sql } from "drizzle-orm";
import { BADGE_RULES } from "../../../common/badges.ts";
import type { BadgeType } from "../../../common/constants.ts";
import { inBatches, inTimedBatches } from "../../db/batches.ts";
import type { Queryable } from "../../db/client.ts";
import { longestRunsFromSeatsSql } from "../../db/played-seats.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  badgeQueue,
  playerBadges,
  playerCourts,
  playerGames,
  playerTotals,
  users,
} from "../../db/schema.ts";
import { withRetry } from "../../lib/retry.ts";
import { notify } from "../notifications/notify.ts";

export type AwardedBadge = { userId: string; badgeType: BadgeType };

/**
 * Players per transaction: small, so a big sweep (thousands of players after a busy day) holds
 * the embedded database, the server's only thread, for a few milliseconds at a time, and
 * requests get their turn between chunks.
 */
const CHUNK = 50;

const badge = (type: BadgeType) => sql`${type}::varchar`;

/**
 * Evaluates every badge rule (common/badges.ts, definitions in decision 017) for these
 * players and stores the badges newly earned, returning them. One statement: the rules are
 * read and the badges inserted with `on conflict do nothing` on the (user, badge) unique
 * index, so a badge is awarded once however often and however concurrently this runs — a
 * second caller waits for the first's insert and then skips the row. Rows go in in one order
 * (user, badge), so two callers with overlapping players cannot deadlock on each other's
 * rows. earned_at is when the badge was awarded. Each new badge is notified in the transaction
 * that awards it.
 */
export async function awardBadges(
  db: Queryable,
  userIds: readonly string[],
): Promise<AwardedBadge[]> {
  const ids = [...new Set(userIds)].sort();
  const awarded: AwardedBadge[] = [];
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    awarded.push(...(await db.transaction((tx) => awardAndNotify(tx, chunk))));
    // Let waiting requests run before the next chunk.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return awarded;
}

/** Awards the badges newly earned by `ids` (sorted) and notifies each, in the caller's transaction. */
async function awardAndNotify(tx: Queryable, ids: string[]): Promise<AwardedBadge[]> {
  const earned = await awardChunk(tx, ids);
  await notify(
    tx,
    earned.map(({ userId, badgeType }) => ({
      kind: "badge_earned" as const,
      userId,
      profileUserId: userId,
      payload: { badgeType },
      dedupeKey: `badge:${badgeType}`,
    })),
  );
  return earned;
}

/**
 * The rules read the kept totals (decision 052): played games and Shot Caller's
 * organized games from player_totals, Court King from player_courts, Hot Shooter from the
 * player's counted seats (player_games) only while it is not yet theirs and they have won
 * enough games for it, MVP from the kept sum and number of ratings received (§54).
 */
async function awardChunk(db: Queryable, ids: string[]): Promise<AwardedBadge[]> {
  const rules = BADGE_RULES;
  const inChunk = inArray(playerTotals.userId, ids);
  return queryRows<AwardedBadge>(
    db,
    sql`with seats as (
      select ${playerGames.userId} as user_id, ${playerGames.gameId} as game_id,
        ${playerGames.endsAt} as ends_at, ${playerGames.won} as won
      from ${playerTotals}
      join ${playerGames} on ${playerGames.userId} = ${playerTotals.userId}
      where ${inChunk} and ${playerTotals.wins} >= ${rules.hot_shooter.threshold}
        and not exists (select 1 from ${playerBadges} where ${playerBadges.userId} = ${playerTotals.userId}
          and ${playerBadges.badgeType} = ${badge("hot_shooter")})
    ),
    earned as (
      select ${playerTotals.userId} as user_id, ${badge("iron_bro")} as badge_type from ${playerTotals}
        where ${inChunk} and ${playerTotals.played} >= ${rules.iron_bro.threshold}
      union all
      select ${playerTotals.userId}, ${badge("legend")} from ${playerTotals}
        where ${inChunk} and ${playerTotals.played} >= ${rules.legend.threshold}
      union all
      select user_id, ${badge("hot_shooter")} from (${longestRunsFromSeatsSql}) runs
        where longest >= ${rules.hot_shooter.threshold}
      union all
      select distinct ${playerCourts.userId}, ${badge("court_king")} from ${playerCourts}
        where ${inArray(playerCourts.userId, ids)} and ${playerCourts.wins} >= ${rules.court_king.threshold}
      union all
      select ${playerTotals.userId}, ${badge("shot_caller")} from ${playerTotals}
        where ${inChunk} and ${playerTotals.organized} >= ${rules.shot_caller.threshold}
      union all
      select ${playerTotals.userId}, ${badge("mvp")} from ${playerTotals}
        where ${inChunk} and ${playerTotals.ratings} >= ${rules.mvp.minRatings}
          and ${playerTotals.ratingSum} >= ${rules.mvp.threshold}::numeric * ${playerTotals.ratings}
    )
    insert into ${playerBadges} (user_id, badge_type)
    select user_id, badge_type from earned
    where exists (select 1 from ${users} where ${users.id} = earned.user_id)
    order by user_id, badge_type
    on conflict (user_id, badge_type) do nothing
    returning user_id as "userId", badge_type as "badgeType"`,
  );
}

/**
 * Players per drained batch, at most: as few as a chunk of awardBadges, for the same reason.
 * The sweep sizes its batches by time below that (inTimedBatches).
 */
export const QUEUE_BATCH = CHUNK;
/** The first batch's size, before the sweep has timed one. */
const FIRST_QUEUE_BATCH = 10;

/**
 * Takes up to `size` players off the badge queue (decision 059), skipping those a
 * writer still holds (queued again by an uncommitted change: the next sweep takes them). Only
 * badge_queue's primary key is read, so a sweep with nothing queued reads no player row.
 */
export const drainQueueSql = (size: number) =>
  sql`delete from ${badgeQueue} where ${badgeQueue.userId} in (
    select ${badgeQueue.userId} from ${badgeQueue} order by ${badgeQueue.userId}
    limit ${size} for update skip locked)
  returning ${badgeQueue.userId} as "userId"`;

/**
 * The badge sweep: awards the badges of the players whose figures moved since it last ran
 * (queued by triggers on player_totals in the writers' transactions, migration
 * badge_queue_triggers), a batch of players per transaction, yielding between them; each batch
 * is sized from the time the last took, so one holds the database about STRETCH_MS (§64), or
 * `size` players when given. A player is taken off the queue in the transaction that awards
 * them, so a sweep that fails puts them back, and a change committed meanwhile queues them
 * again. Games that end by the clock queue their players when the kept totals settle them
 * (settleEndedGames), so this is how iron_bro and legend reach players whose games simply ran
 * out.
 */
export async function awardQueuedBadges(db: Queryable, size?: number): Promise<AwardedBadge[]> {
  const awarded: AwardedBadge[] = [];
  const drain = async (n: number) => {
    const { taken, earned } = await withRetry(() =>
      db.transaction(async (tx) => {
        const ids = (await queryRows<{ userId: string }>(tx, drainQueueSql(n))).map(
          (r) => r.userId,
        );
        return {
          taken: ids.length,
          earned: ids.length > 0 ? await awardAndNotify(tx, ids.sort()) : [],
        };
      }),
    );
    awarded.push(...earned);
    return taken;
  };
  await (size === undefined
    ? inTimedBatches(drain, { first: FIRST_QUEUE_BATCH, max: QUEUE_BATCH })
    : inBatches(() => drain(size), size));
  return awarded;
}
