import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { XP_PER_GAME, XP_PER_WIN } from "../../../common/games.ts";
import type {
  PlayerBadge,
  PlayerStats,
  ProfileInput,
  RecentGame,
} from "../../../common/profile.ts";
import { RECENT_GAMES_LIMIT } from "../../../common/profile.ts";
import type { Profile } from "../../../common/user.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  games,
  playerBadges,
  playerProfiles,
  playerRatings,
} from "../../db/schema.ts";
import { gameStatusSql } from "../games/lifecycle.ts";
import { playedSeatsSql, streaksFromSeatsSql } from "../leaderboard/played-seats.ts";
import { toProfile } from "../user/current-user.ts";

/**
 * Creates or updates the profile of `userId`, the signed-in caller. One row per user (the
 * unique user_id): an upsert, so two quick submits cannot make two profiles. `created` tells
 * a first save from an edit: in PostgreSQL a freshly inserted row has xmax = 0, an updated
 * one carries the updating transaction's id.
 */
export async function saveProfile(
  db: Queryable,
  userId: string,
  input: ProfileInput,
): Promise<{ profile: Profile; created: boolean }> {
  const [row] = await db
    .insert(playerProfiles)
    .values({ ...input, userId })
    .onConflictDoUpdate({
      target: playerProfiles.userId,
      set: { ...input, updatedAt: sql`now()` },
    })
    .returning({ ...getTableColumns(playerProfiles), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("profile upsert returned no row");
  const { created, ...profile } = row;
  return { profile: toProfile(profile), created };
}

export async function findProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(playerProfiles).where(eq(playerProfiles.userId, userId));
  return row ? toProfile(row) : null;
}

/**
 * The stats of spec §3 in one statement (docs/decisions.md has the definitions): played games
 * are the player's seats in games for which gamePlayedSql holds; courts visited adds the
 * courts of their check-ins; bros connected are the other players holding seats in those
 * games; win rate and streak count decided games only; hours run from start to end.
 */
export async function playerStats(db: Queryable, userId: string): Promise<PlayerStats> {
  const [row] = await queryRows<PlayerStats>(
    db,
    sql`with seats as (${playedSeatsSql(sql`${gameParticipants.userId} = ${userId}`)})
    select
      (select count(*) from seats)::int as "gamesPlayed",
      (select count(*) from (
        select court_id from seats
        union
        select ${courtCheckIns.courtId} from ${courtCheckIns} where ${courtCheckIns.userId} = ${userId}
      ) visited)::int as "courtsVisited",
      (select count(distinct ${gameParticipants.userId}) from ${gameParticipants}
        join seats on seats.game_id = ${gameParticipants.gameId}
        where ${gameParticipants.userId} <> ${userId})::int as "brosConnected",
      (select count(*) filter (where won) from seats)::int as "wins",
      (select ${XP_PER_GAME}::int * count(*) + ${XP_PER_WIN}::int * count(*) filter (where won)
        from seats)::int as "points",
      (select case when count(won) = 0 then 0
        else round(100.0 * count(*) filter (where won) / count(won)) end
        from seats)::int as "winRate",
      (select coalesce(round(avg(${playerRatings.rating}), 1), 0) from ${playerRatings}
        where ${playerRatings.rateeId} = ${userId})::float8 as "avgRating",
      (select coalesce(round(extract(epoch from sum(ends_at - scheduled_at)) / 3600, 1), 0)
        from seats)::float8 as "totalHours",
      coalesce((select streak from (${streaksFromSeatsSql}) s), 0)::int as "streak"`,
  );
  if (!row) throw new Error("the stats query returned no row");
  return row;
}

/** The games the player holds a seat in, of any status, the latest scheduled first. */
export async function recentGames(db: Queryable, userId: string): Promise<RecentGame[]> {
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      courtName: courts.name,
      scheduledAt: games.scheduledAt,
      status: gameStatusSql,
    })
    .from(gameParticipants)
    .innerJoin(games, eq(games.id, gameParticipants.gameId))
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(eq(gameParticipants.userId, userId))
    .orderBy(desc(games.scheduledAt), desc(games.id))
    .limit(RECENT_GAMES_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    court: { name: r.courtName },
    scheduledAt: r.scheduledAt.toISOString(),
    status: r.status,
  }));
}

/** The badges the player has earned, oldest first (awarded by server/modules/badges). */
export async function playerBadgeList(db: Queryable, userId: string): Promise<PlayerBadge[]> {
  const rows = await db
    .select({
      id: playerBadges.id,
      badgeType: playerBadges.badgeType,
      earnedAt: playerBadges.earnedAt,
    })
    .from(playerBadges)
    .where(eq(playerBadges.userId, userId))
    .orderBy(playerBadges.earnedAt, playerBadges.id);
  return rows.map((r) => ({ ...r, earnedAt: r.earnedAt.toISOString() }));
}
