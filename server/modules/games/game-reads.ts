import { asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  GAME_NOT_FOUND,
  type Game,
  type GamePlayer,
  type Participant,
  type Team,
} from "../../../common/games.ts";
import { distanceBetween, type LatLng } from "../../../common/geo.ts";
import type { Queryable } from "../../db/client.ts";
import { gameEndsAtSql, gameStatusSql } from "../../db/game-lifecycle.ts";
import { goNoGoColumns, goNoGoOf } from "../../db/go-no-go-columns.ts";
import { perDatabase } from "../../db/per-database.ts";
import {
  courts,
  gameParticipants,
  gameResults,
  games,
  playerProfiles,
  userSettings,
  users,
} from "../../db/schema.ts";
import { greatCircleSql, roundMiles } from "../../lib/geo.ts";
import { notFound } from "../../lib/http-error.ts";
import { courtColumns } from "../courts/court-columns.ts";

/** Where the viewer is, when known: distances are measured from here. */
export type Position = LatLng;

const organizer = alias(users, "organizer");
const organizerProfile = alias(playerProfiles, "organizer_profile");
const organizerSettings = alias(userSettings, "organizer_settings");

/** Miles from the position to the game's court. */
export const courtDistanceSql = (position: Position) =>
  greatCircleSql(courts.latitude, courts.longitude, position);

function gameColumns(position: Position | null) {
  return {
    id: games.id,
    title: games.title,
    status: gameStatusSql,
    scheduledAt: games.scheduledAt,
    endsAt: gameEndsAtSql.mapWith((v: string | Date) => new Date(v)),
    currentPlayers: games.currentPlayers,
    maxPlayers: games.maxPlayers,
    gameType: games.gameType,
    runId: games.runId,
    organizerId: games.organizerId,
    courtId: courts.id,
    courtName: courts.name,
    courtAddress: courts.address,
    courtLatitude: courts.latitude,
    courtLongitude: courts.longitude,
    courtTimeZone: courtColumns.timeZone,
    organizerFirstName: organizer.firstName,
    organizerImage: organizer.profileImageUrl,
    organizerNickname: organizerProfile.nickname,
    organizerPosition: organizerProfile.primaryPosition,
    // New Messages on (the default without a settings row): Message Organizer reaches them.
    acceptsMessages: sql<boolean>`coalesce(${organizerSettings.newMessages}, true)`,
    teamAScore: gameResults.teamAScore,
    teamBScore: gameResults.teamBScore,
    recordedAt: gameResults.recordedAt,
    distance: position ? courtDistanceSql(position) : sql<null>`null::double precision`,
    ...goNoGoColumns,
  };
}

/**
 * Games with everything a screen shows of them; `where` and `orderBy` narrow and order.
 * Distances are measured from `position` when one is known.
 */
export function selectGames(db: Queryable, position: Position | null) {
  return selectGamesWith(db, position, {});
}

/** selectGames with `extra` columns beside the game's (a seat change reads its player's name). */
export function selectGamesWith<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  position: Position | null,
  extra: Extra,
) {
  return db
    .select({ ...gameColumns(position), ...extra })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .innerJoin(organizer, eq(organizer.id, games.organizerId))
    .leftJoin(organizerProfile, eq(organizerProfile.userId, games.organizerId))
    .leftJoin(organizerSettings, eq(organizerSettings.userId, games.organizerId))
    .leftJoin(gameResults, eq(gameResults.gameId, games.id))
    .$dynamic();
}

export type GameRow = Awaited<ReturnType<ReturnType<typeof selectGames>["execute"]>>[number];

/** A player's profile as games show it, or null without one (a left join gives nulls). */
export const profileOf = (nickname: string | null, primaryPosition: string | null) =>
  nickname !== null && primaryPosition !== null ? { nickname, primaryPosition } : null;

export function toGame(row: GameRow): Game {
  const result =
    row.teamAScore !== null && row.teamBScore !== null && row.recordedAt !== null
      ? {
          teamAScore: row.teamAScore,
          teamBScore: row.teamBScore,
          winningTeam: (row.teamAScore > row.teamBScore ? "A" : "B") as Team,
          recordedAt: row.recordedAt.toISOString(),
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    court: {
      id: row.courtId,
      name: row.courtName,
      address: row.courtAddress,
      latitude: row.courtLatitude,
      longitude: row.courtLongitude,
      timeZone: row.courtTimeZone,
    },
    currentPlayers: row.currentPlayers,
    maxPlayers: row.maxPlayers,
    gameType: row.gameType,
    organizerId: row.organizerId,
    organizer: {
      id: row.organizerId,
      firstName: row.organizerFirstName,
      profileImageUrl: row.organizerImage,
      profile: profileOf(row.organizerNickname, row.organizerPosition),
      acceptsMessages: row.acceptsMessages,
    },
    result,
    distanceMiles: row.distance === null ? null : roundMiles(Number(row.distance)),
    goNoGo: goNoGoOf(row),
    runId: row.runId,
  };
}

/** The statement behind getGame (the benchmark runs it bare). */
export const gameRead = perDatabase((db) =>
  selectGames(db, null)
    .where(eq(games.id, sql.placeholder("id")))
    .prepare("game_by_id"),
);

/**
 * One game as the detail page shows it; 404 'Game not found' when there is none. One prepared
 * statement for every viewer: the distance from the viewer is worked out here.
 */
export async function getGame(
  db: Queryable,
  gameId: number,
  position: Position | null = null,
): Promise<Game> {
  const [row] = await gameRead(db).execute({ id: gameId });
  if (!row) throw notFound(GAME_NOT_FOUND);
  const game = toGame(row);
  if (position) game.distanceMiles = roundMiles(distanceBetween(position, game.court));
  return game;
}

/** A list query, unrun (its plan can be explained). */
export const gamesQuery = (
  db: Queryable,
  position: Position | null,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
) =>
  selectGames(db, position)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

/** Runs a list query and shapes its rows. */
export async function listGames(
  db: Queryable,
  position: Position | null,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
): Promise<Game[]> {
  const rows = await gamesQuery(db, position, where, orderBy, limit);
  return rows.map(toGame);
}

/** The statement behind listParticipants (the benchmark runs it bare). */
export const participantsRead = perDatabase((db) =>
  db
    .select({
      organizerId: games.organizerId,
      userId: gameParticipants.userId,
      status: gameParticipants.status,
      joinedAt: gameParticipants.joinedAt,
      team: gameParticipants.team,
      firstName: users.firstName,
      profileImageUrl: users.profileImageUrl,
      nickname: playerProfiles.nickname,
      primaryPosition: playerProfiles.primaryPosition,
    })
    .from(games)
    .leftJoin(gameParticipants, eq(gameParticipants.gameId, games.id))
    .leftJoin(users, eq(users.id, gameParticipants.userId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, gameParticipants.userId))
    .where(eq(games.id, sql.placeholder("id")))
    .orderBy(
      sql`(${gameParticipants.userId} = ${games.organizerId}) desc`,
      asc(gameParticipants.joinedAt),
      asc(gameParticipants.userId),
    )
    .prepare("game_participants"),
);

/**
 * The game's players: the organizer first, then in the order they joined. 404 without a game.
 * One query: the game left-joined to its seats, so a game without players is one row of nulls.
 */
export async function listParticipants(db: Queryable, gameId: number): Promise<Participant[]> {
  const rows = await participantsRead(db).execute({ id: gameId });
  if (rows.length === 0) throw notFound(GAME_NOT_FOUND);
  return rows.flatMap((r) => {
    if (r.userId === null || r.status === null || r.joinedAt === null) return [];
    const user: GamePlayer = {
      id: r.userId,
      firstName: r.firstName,
      profileImageUrl: r.profileImageUrl,
      profile: profileOf(r.nickname, r.primaryPosition),
    };
    return [
      {
        userId: r.userId,
        status: r.status,
        joinedAt: r.joinedAt.toISOString(),
        isOrganizer: r.userId === r.organizerId,
        team: (r.team as Team | null) ?? null,
        user,
      },
    ];
  });
}

/** Where a court is (its games are there too), or null when there is no such court. */
export async function courtPlaceOf(db: Queryable, courtId: number): Promise<LatLng | null> {
  const [row] = await db
    .select({ latitude: courts.latitude, longitude: courts.longitude })
    .from(courts)
    .where(eq(courts.id, courtId));
  return row ?? null;
}
