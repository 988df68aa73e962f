import { and, asc, count, desc, eq, exists, gte, lt, type SQL, sql } from "drizzle-orm";
import { BELOW_SEATED, type EditGameInput } from "../../../common/game-line.ts";
import {
  type CreateGameInput,
  GAME_CANCELLED,
  GAME_FULL,
  GAME_STARTED,
  type Game,
  MAX_GAMES_CREATED_PER_DAY,
  MAX_UPCOMING_ORGANIZED,
  NEAR_GAME_MILES,
  ONLY_ORGANIZER,
  ORGANIZER_CANNOT_LEAVE,
  TOO_MANY_CREATED,
  TOO_MANY_ORGANIZED,
  UPCOMING_LIMIT,
  type UpcomingGamesQuery,
} from "../../../common/games.ts";
import type { Db, Tx } from "../../db/client.ts";
import { gameEndsAtSql, gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { lockGame } from "../../db/game-lock.ts";
import { inIndexOrder } from "../../db/index-order.ts";
import { enqueue } from "../../db/job-queue.ts";
import { refuseUnlessOrganizer } from "../../db/organizers.ts";
import { courts, gameParticipants, games, users } from "../../db/schema.ts";
import { withinDistanceSql } from "../../lib/geo.ts";
import {
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { recordDrop } from "../attendance/drops.ts";
import { refuseBelowMinReliability } from "../attendance/reliability.ts";
import { courtColumns } from "../courts/court-columns.ts";
import { COURT_NOT_FOUND } from "../courts/service.ts";
import { refuseBeforeOpen } from "../early-access/refuse-before-open.ts";
import type { CancelledWhy } from "../notifications/kinds.ts";
import { gameCancelled, gameCreated, gameEdited, seatChanged } from "./game-notices.ts";
import {
  courtDistanceSql,
  getGame,
  listGames,
  type Position,
  selectGames,
  toGame,
} from "./game-reads.ts";
import { clearLine, fillFromLine } from "./line.ts";
import { hasSeat, lockGameForSeat, removeSeat, takeSeat } from "./seats.ts";

/** The organizer holds the first seat from the start, marked confirmed (product §4's primary style). */
const ORGANIZER_STATUS = "confirmed";
const PLAYER_STATUS = "joined";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates a game at an active court with the caller as organizer and first participant
 * (currentPlayers 1), in one transaction: either the game and its first seat exist, or
 * nothing does. The caller's users row is locked so two quick submits cannot both pass the
 * limit on upcoming games organized.
 */
export async function createGame(
  db: Db,
  organizerId: string,
  input: CreateGameInput,
): Promise<Game> {
  const gameId = await db.transaction(async (tx) => {
    await lockOrganizerAtCourt(tx, organizerId, input.courtId);
    const [organized] = await tx
      .select({ n: count() })
      .from(games)
      .where(and(eq(games.organizerId, organizerId), gameUpcomingSql));
    if ((organized?.n ?? 0) >= MAX_UPCOMING_ORGANIZED) throw conflict(TOO_MANY_ORGANIZED);
    await refuseTooManyCreated(tx, organizerId);

    const gameId = await insertGame(tx, {
      courtId: input.courtId,
      organizerId,
      title: input.title,
      scheduledAt: new Date(input.scheduledAt),
      maxPlayers: input.maxPlayers,
      gameType: input.gameType,
      minPlayers: input.minPlayers ?? null,
      ...(input.decideBeforeMinutes ? { decideBeforeMinutes: input.decideBeforeMinutes } : {}),
    });
    if (gameId === null) throw new Error("game insert returned no row");
    return gameId;
  });
  return getGame(db, gameId);
}

/**
 * What every new game or run checks first: the organizer's row locked (a deletion racing the
 * creation waits, then is seen; 401 when deleted or missing) and the court active (404).
 * Answers the court's time zone.
 */
export async function lockOrganizerAtCourt(
  tx: Tx,
  organizerId: string,
  courtId: number,
): Promise<{ timeZone: string }> {
  const [organizer] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, organizerId))
    .for("no key update");
  if (!organizer || organizer.deletedAt) throw unauthorized();
  const [court] = await tx
    .select({ timeZone: courtColumns.timeZone })
    .from(courts)
    .where(and(eq(courts.id, courtId), eq(courts.isActive, true)));
  if (!court) throw notFound(COURT_NOT_FOUND);
  return court;
}

/**
 * A new game with the organizer's seat, announced as every new game is, in the caller's
 * transaction. A run's date that exists already (same run and date) is not made again: null.
 */
export async function insertGame(
  tx: Tx,
  values: Omit<typeof games.$inferInsert, "currentPlayers">,
): Promise<number | null> {
  const [game] = await tx
    .insert(games)
    .values({ ...values, currentPlayers: 1 })
    .onConflictDoNothing({ target: [games.runId, games.runDate] })
    .returning({ id: games.id, decideAt: games.decideAt });
  if (!game) return null;
  // Wakes the go/no-go sweep at the decision time (server/modules/go-no-go).
  if (game.decideAt) await enqueue(tx, "go-no-go", [{ data: {}, startAfter: game.decideAt }]);
  await tx
    .insert(gameParticipants)
    .values({ gameId: game.id, userId: values.organizerId, status: ORGANIZER_STATUS });
  await gameCreated(tx, game.id);
  return game.id;
}

/**
 * Creating and cancelling games over and over stays under the upcoming cap while filling the
 * tables, so games created in the last 24 hours are capped too, cancelled ones included. The
 * caller's user row is locked already: simultaneous creates are counted one after another.
 */
async function refuseTooManyCreated(tx: Tx, organizerId: string): Promise<void> {
  const [created] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${games.createdAt})::text` })
    .from(games)
    .where(
      and(eq(games.organizerId, organizerId), sql`${games.createdAt} > now() - interval '1 day'`),
    );
  if ((created?.n ?? 0) < MAX_GAMES_CREATED_PER_DAY) return;
  const freedAt = new Date(created?.oldest ?? Date.now()).getTime() + DAY_MS;
  throw tooManyRequests(TOO_MANY_CREATED, Math.max(1, Math.ceil((freedAt - Date.now()) / 1000)));
}

/**
 * Takes a seat for the caller, in one transaction with the game row locked: the participant
 * row and currentPlayers change together, so however many press Join at once, exactly the free
 * seats are taken and the others get 409 'This game is full.'. A player who already holds a
 * seat (the organizer included) keeps that one seat and nothing changes. The organizer is told,
 * and pages showing the game refresh, in the same transaction. The answer is the game as
 * locked, with the seat counted: no read follows.
 */
export async function joinGame(db: Db, userId: string, gameId: number): Promise<Game> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGameForSeat(tx, gameId, userId);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open" || game.currentPlayers >= game.maxPlayers) {
        // Who holds a seat keeps it, no error.
        if (await hasSeat(tx, gameId, userId)) return toGame(game.row);
        throw conflict(game.status !== "open" ? GAME_STARTED : GAME_FULL);
      }
      await refuseBeforeOpen(tx, gameId, userId);
      await refuseBelowMinReliability(tx, gameId, userId);
      if (!(await takeSeat(tx, gameId, userId, PLAYER_STATUS))) return toGame(game.row);
      await seatChanged(tx, {
        gameId,
        playerId: userId,
        joined: true,
        seatsTaken: game.currentPlayers + 1,
        maxPlayers: game.maxPlayers,
        facts: game,
      });
      return toGame({ ...game.row, currentPlayers: game.currentPlayers + 1 });
    }),
  );
}

/**
 * Gives up the caller's seat before the game starts, in one transaction with the game row
 * locked; the first in the waiting line takes the seat in that same transaction. Leaving
 * without a seat changes nothing; the organizer cannot leave (they cancel). As joinGame, the
 * answer comes from the locked game.
 */
export async function leaveGame(
  db: Db,
  userId: string,
  gameId: number,
  /**
   * Runs first in the leave's transaction, holding the game's lock (a link's single use, an
   * organizer's removal); "not-a-drop" when the player did not choose to leave.
   */
  alsoIn?: (tx: Tx) => Promise<unknown>,
): Promise<Game> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGameForSeat(tx, gameId, userId);
      const also = await alsoIn?.(tx);
      if (game.organizerId === userId) throw conflict(ORGANIZER_CANNOT_LEAVE);
      if (!(await removeSeat(tx, gameId, userId))) return toGame(game.row);
      // Refused after the seat went: the throw rolls it back.
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      if (also !== "not-a-drop") await recordDrop(tx, gameId, userId);
      await seatChanged(tx, {
        gameId,
        playerId: userId,
        joined: false,
        seatsTaken: game.currentPlayers - 1,
        maxPlayers: game.maxPlayers,
        facts: game,
      });
      const promoted = await fillFromLine(tx, game, 1, userId);
      return toGame({ ...game.row, currentPlayers: game.currentPlayers - 1 + promoted.length });
    }),
  );
}

/**
 * The organizer calls the game off before it starts. Its players keep their seats, so the game
 * stays in their lists, marked cancelled; its waiting line is cleared. Each of them, seated or
 * waiting, is told. Cancelling again changes nothing.
 */
export async function cancelGame(
  db: Db,
  userId: string,
  gameId: number,
  options: {
    /** What else the cancelling records, in its transaction (the weather's call-off). */
    also?: (tx: Tx) => Promise<unknown>;
    /** Why, for the players' notice. */
    why?: CancelledWhy;
  } = {},
): Promise<Game> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.organizerId !== userId) {
        await refuseUnlessOrganizer(tx, gameId, userId, ONLY_ORGANIZER);
      }
      if (game.status === "cancelled") return;
      if (game.status !== "open") throw conflict(GAME_STARTED);
      await options.also?.(tx);
      await callOffGame(tx, gameId, options.why, userId);
    }),
  );
  return getGame(db, gameId);
}

/**
 * Cancels a game whose row the caller locked: the line is cleared and everyone seated or in it
 * told. The organizer's cancel, the weather's and the go/no-go's all end here, `why` saying which.
 */
export async function callOffGame(
  tx: Tx,
  gameId: number,
  why?: CancelledWhy,
  /** Who cancelled it (the organizer or a co-organizer); none for the go/no-go. */
  by?: string,
): Promise<void> {
  await tx.update(games).set({ status: "cancelled" }).where(eq(games.id, gameId));
  const waiting = await clearLine(tx, gameId);
  await gameCancelled(tx, gameId, waiting, why, by);
}

/**
 * The organizer changes the number of players before the start: within the create form's
 * bounds and never below the seats already held. Raising it seats the first in line at once,
 * in the same transaction.
 */
export async function editGame(
  db: Db,
  userId: string,
  gameId: number,
  input: EditGameInput,
): Promise<Game> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.organizerId !== userId) throw forbidden(ONLY_ORGANIZER);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      if (input.maxPlayers < game.currentPlayers) throw conflict(BELOW_SEATED(game.currentPlayers));
      if (input.maxPlayers === game.maxPlayers) return;
      await tx.update(games).set({ maxPlayers: input.maxPlayers }).where(eq(games.id, gameId));
      const promoted = await fillFromLine(
        tx,
        { ...game, maxPlayers: input.maxPlayers },
        input.maxPlayers - game.currentPlayers,
        userId,
      );
      if (promoted.length === 0) await gameEdited(tx, gameId);
    }),
  );
  return getGame(db, gameId);
}

function upcomingConditions(query: UpcomingGamesQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [gameUpcomingSql, eq(courts.isActive, true)];
  if (query.from) conditions.push(gte(games.scheduledAt, new Date(query.from)));
  if (query.to) conditions.push(lt(games.scheduledAt, new Date(query.to)));
  if (query.courtId) conditions.push(eq(games.courtId, query.courtId));
  if (query.openSpots) conditions.push(lt(games.currentPlayers, games.maxPlayers));
  return conditions;
}

/** Before every game: the time from it orders games soonest first in a GiST index (§55). */
const EPOCH = sql`'1970-01-01T00:00:00Z'::timestamptz`;

/**
 * Soonest near the player first: a game tomorrow down the road before one next week next door,
 * and any game nearby before a sooner one far away (decisions §23). Two reads, never a distance
 * to every game. The near ones walk games_place_time_gist_idx (each game keeps its court's
 * position) in time order inside the circle's box, so they read about a page whatever the
 * density (§55); ties on the page's last time are all read, then ordered by the court's
 * distance. Only when they leave room, the soonest of the rest, walked in time order until the
 * page is full (§49). Unrun, so their plans can be checked.
 */
export function upcomingNearQueries(db: Db | Tx, query: UpcomingGamesQuery, position: Position) {
  const conditions = upcomingConditions(query);
  const near = withinDistanceSql(games.latitude, games.longitude, position, NEAR_GAME_MILES);
  const byTime = [asc(games.scheduledAt), asc(courtDistanceSql(position)), asc(games.id)];
  // The page's ids first, from games and courts alone; only those get their organizer, profile,
  // settings and result joined.
  const ids = (where: SQL | undefined) =>
    db
      .select({ id: games.id })
      .from(games)
      .innerJoin(courts, eq(courts.id, games.courtId))
      .where(where);
  // An array, not `in (subquery)`: a semi-join may hash the whole games table.
  const page = (idList: SQL) =>
    selectGames(db, position)
      .where(sql`${games.id} = any(array(${idList}))`)
      .orderBy(...byTime);
  const nearIds = (limit: number) =>
    sql`${ids(and(...conditions, near))} order by ${games.scheduledAt} <-> ${EPOCH}
      fetch first ${limit} rows with ties`;
  return {
    nearby: (limit: number) => page(nearIds(limit)).limit(limit),
    farther: (limit: number) =>
      page(
        sql`${ids(and(...conditions, sql`not ${near}`))
          .orderBy(...byTime)
          .limit(limit)}`,
      ).limit(limit),
  };
}

/**
 * Games still to be played at active courts near a viewer (GET /api/games/upcoming with a
 * position), with the /games screen's filters, read for this viewer alone in index order.
 * Without a position, upcomingSoonest.
 */
export async function upcomingGames(
  db: Db,
  query: UpcomingGamesQuery,
  position: Position,
): Promise<Game[]> {
  const nearbyRows = await inIndexOrder(db, (tx) =>
    upcomingNearQueries(tx, query, position).nearby(UPCOMING_LIMIT),
  );
  const nearby = nearbyRows.map(toGame);
  if (nearby.length === UPCOMING_LIMIT) return nearby;
  const reads = upcomingNearQueries(db, query, position);
  const farther = (await reads.farther(UPCOMING_LIMIT - nearby.length)).map(toGame);
  return [...nearby, ...farther];
}

/** The first `limit` upcoming games by time (no position): the list every visitor shares. */
export async function upcomingSoonest(
  db: Db,
  query: UpcomingGamesQuery,
  limit: number,
): Promise<Game[]> {
  const conditions = and(...upcomingConditions(query));
  const idList = sql`${db
    .select({ id: games.id })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(conditions)
    .orderBy(...SOONEST)
    .limit(limit)}`;
  const rows = await selectGames(db, null)
    .where(sql`${games.id} = any(array(${idList}))`)
    .orderBy(...SOONEST);
  return rows.map(toGame);
}

const SOONEST: SQL[] = [asc(games.scheduledAt), asc(games.id)];

/** Not-yet-finished games first, soonest first; then finished ones, latest first. */
const OWN_GAMES_ORDER: SQL[] = [
  sql`(${gameEndsAtSql} <= now() or ${games.status} = 'cancelled') asc`,
  sql`case when ${gameEndsAtSql} > now() and ${games.status} <> 'cancelled' then ${games.scheduledAt} end asc`,
  desc(games.scheduledAt),
  desc(games.id),
];
const OWN_GAMES_LIMIT = 50;

/** GET /api/games/my: the games the caller holds a seat in (organized ones included). */
export async function gamesPlayedIn(db: Db, userId: string): Promise<Game[]> {
  const seat = db
    .select({ one: sql`1` })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, games.id), eq(gameParticipants.userId, userId)));
  return listGames(db, null, exists(seat), OWN_GAMES_ORDER, OWN_GAMES_LIMIT);
}

/** GET /api/games/my-games: the games the caller organizes. */
export async function gamesOrganizedBy(db: Db, userId: string): Promise<Game[]> {
  return listGames(db, null, eq(games.organizerId, userId), OWN_GAMES_ORDER, OWN_GAMES_LIMIT);
}
