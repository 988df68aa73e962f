import { and, count, desc, eq, exists, getTableColumns, ne, or, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type {
  PlayerBadge,
  PlayerStats,
  ProfileInput,
  RecentGame,
} from "../../../common/profile.ts";
import { RECENT_GAMES_LIMIT } from "../../../common/profile.ts";
import type { Profile } from "../../../common/user.ts";
import type { Queryable } from "../../db/client.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  games,
  playerBadges,
  playerProfiles,
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

/** Games `userId` took part in: as a participant, or as the organizer (who always plays). */
function tookPart(db: Queryable, userId: string): SQL {
  const participant = db
    .select({ one: sql`1` })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, games.id), eq(gameParticipants.userId, userId)));
  return or(eq(games.organizerId, userId), exists(participant)) as SQL;
}

/** A game counts once it is over: the games issue marks finished games "completed". */
function playedBy(db: Queryable, userId: string): SQL {
  return and(eq(games.status, "completed"), tookPart(db, userId)) as SQL;
}

/**
 * The stats of spec §3, counted from the rows that exist: games played (completed games the
 * player took part in), courts visited (the courts of those games and of the player's
 * check-ins) and bros connected (the other players of those games). Win rate, average
 * rating, hours played and streak need results and ratings that nothing records yet (the
 * games issue will): until then they are 0, never invented.
 */
export async function playerStats(db: Queryable, userId: string): Promise<PlayerStats> {
  const played = playedBy(db, userId);

  const [games_] = await db.select({ n: count() }).from(games).where(played);

  const visits = union(
    db.select({ courtId: games.courtId }).from(games).where(played),
    db
      .select({ courtId: courtCheckIns.courtId })
      .from(courtCheckIns)
      .where(eq(courtCheckIns.userId, userId)),
  ).as("visits");
  const [courts_] = await db.select({ n: count() }).from(visits);

  const others = union(
    db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .innerJoin(games, eq(games.id, gameParticipants.gameId))
      .where(played),
    db.select({ userId: games.organizerId }).from(games).where(played),
  ).as("others");
  const [bros] = await db.select({ n: count() }).from(others).where(ne(others.userId, userId));

  return {
    gamesPlayed: games_?.n ?? 0,
    courtsVisited: courts_?.n ?? 0,
    brosConnected: bros?.n ?? 0,
    winRate: 0,
    avgRating: 0,
    totalHours: 0,
    streak: 0,
  };
}

/** The player's games of any status, the latest scheduled first (the Profile's Games tab). */
export async function recentGames(db: Queryable, userId: string): Promise<RecentGame[]> {
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      courtName: courts.name,
      scheduledAt: games.scheduledAt,
      status: games.status,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(tookPart(db, userId))
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

/** The badges the player has earned, oldest first (awarded by a later issue). */
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
