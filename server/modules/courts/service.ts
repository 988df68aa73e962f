import { and, asc, eq } from "drizzle-orm";
import type { CourtGame } from "../../../common/courts.ts";
import type { Queryable } from "../../db/client.ts";
import { gameStatusSql, gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { courts, favoriteCourts, games } from "../../db/schema.ts";
import { notFound } from "../../lib/http-error.ts";

export const COURT_NOT_FOUND = "Court not found.";

/** Throws 404 unless the court exists and is active: a retired court is not in the directory. */
async function assertActiveCourt(db: Queryable, courtId: number): Promise<void> {
  const [court] = await db
    .select({ id: courts.id })
    .from(courts)
    .where(and(eq(courts.id, courtId), eq(courts.isActive, true)));
  if (!court) throw notFound(COURT_NOT_FOUND);
}

/** The user's favorite courts that are still in the directory, ascending by id. */
export async function listFavoriteCourtIds(db: Queryable, userId: string): Promise<number[]> {
  const rows = await db
    .select({ courtId: favoriteCourts.courtId })
    .from(favoriteCourts)
    .innerJoin(courts, eq(courts.id, favoriteCourts.courtId))
    .where(and(eq(favoriteCourts.userId, userId), eq(courts.isActive, true)))
    .orderBy(asc(favoriteCourts.courtId));
  return rows.map((row) => row.courtId);
}

/** Idempotent: favoriting a court twice keeps one row (and its first createdAt). */
export async function addFavoriteCourt(
  db: Queryable,
  userId: string,
  courtId: number,
): Promise<void> {
  await assertActiveCourt(db, courtId);
  await db.insert(favoriteCourts).values({ userId, courtId }).onConflictDoNothing();
}

/** Idempotent: removing a favorite that is not there succeeds and changes nothing. */
export async function removeFavoriteCourt(
  db: Queryable,
  userId: string,
  courtId: number,
): Promise<void> {
  await assertActiveCourt(db, courtId);
  await db
    .delete(favoriteCourts)
    .where(and(eq(favoriteCourts.userId, userId), eq(favoriteCourts.courtId, courtId)));
}

/** Games at the court still to be played (not started, not cancelled), soonest first. */
export async function listUpcomingCourtGames(db: Queryable, courtId: number): Promise<CourtGame[]> {
  await assertActiveCourt(db, courtId);
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      scheduledAt: games.scheduledAt,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
      status: gameStatusSql,
      gameType: games.gameType,
    })
    .from(games)
    .where(and(eq(games.courtId, courtId), gameUpcomingSql))
    .orderBy(asc(games.scheduledAt), asc(games.id));
  return rows.map((row) => ({ ...row, scheduledAt: row.scheduledAt.toISOString() }));
}
