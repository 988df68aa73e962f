import { eq, inArray, sql } from "drizzle-orm";
import { BADGE_RULES } from "../../../common/badges.ts";
import type { BadgeType } from "../../../common/constants.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  gameParticipants,
  games,
  playerBadges,
  playerCourts,
  playerGames,
  playerRatings,
  playerTotals,
} from "../../db/schema.ts";
import { gamePlayedSql } from "../games/lifecycle.ts";
import { endedSinceSql, longestRunsFromSeatsSql } from "../leaderboard/played-seats.ts";
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
 * Evaluates every badge rule (common/badges.ts, definitions in docs/decisions.md) for these
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
    await db.transaction(async (tx) => {
      const earned = await awardChunk(tx, chunk);
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
      awarded.push(...earned);
    });
    // Let waiting requests run before the next chunk.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return awarded;
}

/**
 * The rules read the kept totals (docs/decisions.md §52): played games and Shot Caller's
 * organized games from player_totals, Court King from player_courts, Hot Shooter from the
 * player's counted seats (player_games) only while it is not yet theirs and they have won
 * enough games for it, MVP from the ratings received.
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
      select ${playerRatings.rateeId}, ${badge("mvp")} from ${playerRatings}
        where ${inArray(playerRatings.rateeId, ids)}
        group by ${playerRatings.rateeId}
        having count(*) >= ${rules.mvp.minRatings} and avg(${playerRatings.rating}) >= ${rules.mvp.threshold}
    )
    insert into ${playerBadges} (user_id, badge_type)
    select user_id, badge_type from earned
    order by user_id, badge_type
    on conflict (user_id, badge_type) do nothing
    returning user_id as "userId", badge_type as "badgeType"`,
  );
}

/**
 * Games end by the clock, with no event to hook: this awards the badges of every player
 * holding a seat in a game that ended (not cancelled) between `since` and now. Run by the
 * maintenance loop, it is how iron_bro and legend reach players whose games simply ran out.
 */
export async function awardBadgesForEndedGames(
  db: Queryable,
  since: Date,
): Promise<AwardedBadge[]> {
  const sinceSql = sql`${since.toISOString()}::timestamptz`;
  const players = await db
    .selectDistinct({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .innerJoin(games, eq(games.id, gameParticipants.gameId))
    .where(sql`${gamePlayedSql} and ${endedSinceSql(sinceSql)}`);
  return awardBadges(
    db,
    players.map((p) => p.userId),
  );
}
