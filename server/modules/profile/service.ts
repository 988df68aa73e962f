import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type {
  PlayerBadge,
  PlayerStats,
  ProfileInput,
  RecentGame,
} from "../../../common/profile.ts";
import { RECENT_GAMES_LIMIT } from "../../../common/profile.ts";
import type { Profile } from "../../../common/user.ts";
import type { Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { perDatabase } from "../../db/per-database.ts";
import {
  courts,
  gameParticipants,
  games,
  playerBadges,
  playerProfiles,
  playerTotals,
} from "../../db/schema.ts";
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
 * The stats of product §3 in one statement (decision 017 has the definitions), from the
 * kept totals (§52, §54): the player's totals row (with their courts, bros and ratings'
 * counts) and the current streak read back to the latest loss. Nothing here grows with the
 * number of games they played or the players they met. Prepared once per connection, as
 * every signed-in player's page reads it.
 */
const statsRead = perDatabase((db) => {
  const t = playerTotals;
  const userId = sql.placeholder("userId");
  return db
    .select({
      gamesPlayed: sql<number>`coalesce(${t.played}, 0)::int`,
      courtsVisited: sql<number>`coalesce(${t.courts}, 0)::int`,
      brosConnected: sql<number>`coalesce(${t.bros}, 0)::int`,
      wins: sql<number>`coalesce(${t.wins}, 0)::int`,
      points: sql<number>`coalesce(${t.points}, 0)::int`,
      winRate: sql<number>`(case when coalesce(${t.decided}, 0) = 0 then 0
        else round(100.0 * ${t.wins} / ${t.decided}) end)::int`,
      avgRating: sql<number>`(case when coalesce(${t.ratings}, 0) = 0 then 0
        else round(${t.ratingSum}::numeric / ${t.ratings}, 1) end)::float8`,
      totalHours: sql<number>`coalesce(round(${t.seconds} / 3600, 1), 0)::float8`,
      streak: sql<number>`player_streak(${userId})`,
    })
    .from(sql`(select 1) one`)
    .leftJoin(t, eq(t.userId, userId))
    .prepare("player_stats");
});

export async function playerStats(db: Queryable, userId: string): Promise<PlayerStats> {
  const [row] = await statsRead(db).execute({ userId });
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
      timeZone: courts.timeZone,
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
    court: { name: r.courtName, timeZone: r.timeZone ?? "UTC" }, // never null (migration 0011)
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
