import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { CHECK_IN_HOURS } from "../../../common/checkins.ts";
import {
  COURT_CLOSED,
  type CourtDetail,
  type CourtPresence,
  RECENT_COURT_GAMES_LIMIT,
  type RecentCourtGame,
} from "../../../common/court-page.ts";
import type { Queryable } from "../../db/client.ts";
import { gamePlayedSql } from "../../db/game-lifecycle.ts";
import { showsLocationSql } from "../../db/privacy-conditions.ts";
import {
  courtCheckIns,
  courtRatings,
  courts,
  gameResults,
  games,
  playerProfiles,
  users,
} from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import { courtColumns } from "../courts/court-columns.ts";
import { COURT_NOT_FOUND } from "../courts/service.ts";

const CHECK_IN_LENGTH = sql.raw(`interval '${CHECK_IN_HOURS} hours'`);

/**
 * Check-ins open now at the court. Those past their 3 hours are left out here rather than
 * closed (a page view writes nothing); the maintenance sweep and the next check-in close them.
 * The partial index of open check-ins by court answers it.
 */
const openHereSql = (courtId: number) =>
  and(
    eq(courtCheckIns.courtId, courtId),
    isNull(courtCheckIns.checkedOutAt),
    sql`${courtCheckIns.checkedInAt} > now() - ${CHECK_IN_LENGTH}`,
  );

export type CourtPlace = {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  isActive: boolean;
};

/** The court (active or retired), or 404. */
export async function findCourt(db: Queryable, courtId: number): Promise<CourtPlace> {
  const [court] = await db
    .select({
      id: courts.id,
      name: courts.name,
      latitude: courts.latitude,
      longitude: courts.longitude,
      isActive: courts.isActive,
    })
    .from(courts)
    .where(eq(courts.id, courtId));
  if (!court) throw notFound(COURT_NOT_FOUND);
  return court;
}

/** The court if it is still open: 404 when it does not exist, 409 when it is closed for good. */
export async function findOpenCourt(db: Queryable, courtId: number): Promise<CourtPlace> {
  const court = await findCourt(db, courtId);
  if (!court.isActive) throw conflict(COURT_CLOSED);
  return court;
}

/** GET /api/courts/{id}: the court's facts, retired or not; activePlayers counts who is here. */
export async function courtDetail(db: Queryable, courtId: number): Promise<CourtDetail> {
  const [row] = await db
    .select({
      ...courtColumns,
      // Counted from the open check-ins themselves: the page shows who is here right now.
      activePlayers: sql<number>`(select count(*) from ${courtCheckIns} where ${openHereSql(courtId)})::int`,
      isActive: courts.isActive,
      source: courts.source,
      ratingsCount: sql<number>`(select count(*) from ${courtRatings} where ${courtRatings.courtId} = ${courts.id})::int`,
    })
    .from(courts)
    .where(eq(courts.id, courtId));
  if (!row) throw notFound(COURT_NOT_FOUND);
  return { ...row, source: row.source as CourtDetail["source"] };
}

/**
 * Who is checked in at the court now. Visitors learn how many; a signed-in viewer also sees
 * the names of players who show their location (a check-in says where one is) and themself.
 */
export async function courtPresence(
  db: Queryable,
  courtId: number,
  viewerId: string | null,
): Promise<CourtPresence> {
  await findCourt(db, courtId);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      profileImageUrl: users.profileImageUrl,
      nickname: playerProfiles.nickname,
      showsLocation: showsLocationSql(users.id),
    })
    .from(courtCheckIns)
    .innerJoin(users, eq(users.id, courtCheckIns.userId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(openHereSql(courtId))
    .orderBy(asc(courtCheckIns.checkedInAt), asc(courtCheckIns.id));
  const named = viewerId ? rows.filter((row) => row.id === viewerId || row.showsLocation) : [];
  return {
    count: rows.length,
    players: named.map((row) => ({
      id: row.id,
      name: row.nickname ?? row.firstName ?? "Player",
      profileImageUrl: row.profileImageUrl,
    })),
    unnamed: rows.length - named.length,
    viewerHere: viewerId !== null && rows.some((row) => row.id === viewerId),
  };
}

/** The latest played games at the court, with their score when one was recorded. */
export async function recentCourtGames(db: Queryable, courtId: number): Promise<RecentCourtGame[]> {
  await findCourt(db, courtId);
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      scheduledAt: games.scheduledAt,
      gameType: games.gameType,
      currentPlayers: games.currentPlayers,
      teamA: gameResults.teamAScore,
      teamB: gameResults.teamBScore,
    })
    .from(games)
    .leftJoin(gameResults, eq(gameResults.gameId, games.id))
    .where(and(eq(games.courtId, courtId), gamePlayedSql))
    .orderBy(desc(games.scheduledAt), desc(games.id))
    .limit(RECENT_COURT_GAMES_LIMIT);
  return rows.map(({ teamA, teamB, scheduledAt, ...game }) => ({
    ...game,
    scheduledAt: scheduledAt.toISOString(),
    score: teamA === null || teamB === null ? null : { teamA, teamB },
  }));
}
