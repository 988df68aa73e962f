import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import {
  type GameLine,
  LINE_ALREADY_SEATED,
  LINE_NOT_FULL,
  LINE_ORGANIZER,
} from "../../../common/game-line.ts";
import { GAME_CANCELLED, GAME_NOT_FOUND, GAME_STARTED } from "../../../common/games.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { type LockedGame, lockGame } from "../../db/game-lock.ts";
import { gameLine, gameParticipants, games } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { refuseBelowMinReliability } from "../attendance/reliability.ts";
import { refuseBeforeOpen } from "../early-access/refuse-before-open.ts";
import { offerInsteadNearStart, withdrawOffers } from "../seat-offers/offers.ts";
import { lineChanged, promotedFromLine } from "./game-notices.ts";
import { hasSeat } from "./seats.ts";

/** The waiting line of a full game (decisions §42): first come, first served. */

async function lineEntry(tx: Queryable, gameId: number, userId: string) {
  const [row] = await tx
    .select({ id: gameLine.id })
    .from(gameLine)
    .where(and(eq(gameLine.gameId, gameId), eq(gameLine.userId, userId)));
  return row ?? null;
}

/**
 * Joins the line of a full game, under the game's row lock: refused on a game with room (join
 * it), a started or cancelled one, by its organizer or a seated player. Joining again keeps the
 * player's place. Pages showing the game hear of the longer line.
 */
export async function joinLine(db: Db, userId: string, gameId: number): Promise<GameLine> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      if (game.organizerId === userId) throw conflict(LINE_ORGANIZER);
      if (await hasSeat(tx, gameId, userId)) throw conflict(LINE_ALREADY_SEATED);
      if (await lineEntry(tx, gameId, userId)) return;
      if (game.currentPlayers < game.maxPlayers) throw conflict(LINE_NOT_FULL);
      await refuseBeforeOpen(tx, gameId, userId);
      await refuseBelowMinReliability(tx, gameId, userId);
      await tx.insert(gameLine).values({ gameId, userId });
      await lineChanged(tx, gameId);
    }),
  );
  return lineOf(db, gameId, userId);
}

/**
 * Leaves the line. Allowed whenever the player is in it; not being in it changes nothing. The
 * players behind move up by themselves: places are counted, not stored.
 */
export async function leaveLine(db: Db, userId: string, gameId: number): Promise<GameLine> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockGame(tx, gameId);
      const gone = await tx
        .delete(gameLine)
        .where(and(eq(gameLine.gameId, gameId), eq(gameLine.userId, userId)))
        .returning({ id: gameLine.id });
      if (gone.length > 0) await lineChanged(tx, gameId);
    }),
  );
  return lineOf(db, gameId, userId);
}

/**
 * The line's length and the caller's place (1 = next to get a seat). Only an open game has a
 * line: once it starts the line is closed and shows as empty.
 */
export async function lineOf(
  db: Queryable,
  gameId: number,
  userId: string | null,
): Promise<GameLine> {
  const [game] = await db.select({ status: gameStatusSql }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (game.status !== "open") return { waiting: 0, position: null };
  const [total] = await db.select({ n: count() }).from(gameLine).where(eq(gameLine.gameId, gameId));
  const mine = userId ? await lineEntry(db, gameId, userId) : null;
  let position: number | null = null;
  if (mine) {
    const [ahead] = await db
      .select({ n: count() })
      .from(gameLine)
      .where(and(eq(gameLine.gameId, gameId), lte(gameLine.id, mine.id)));
    position = ahead?.n ?? null;
  }
  return { waiting: total?.n ?? 0, position };
}

/**
 * Gives every free seat of an open game to the first in line, in the caller's transaction (which
 * holds the game's row lock): the line row goes, the seat row and currentPlayers come, and the
 * promoted player is told. `actorId` freed the seats (a leaver, the organizer raising the count).
 * Answers the players promoted (or offered the seats, near the start), in line order.
 */
export async function fillFromLine(
  tx: Tx,
  game: LockedGame,
  freeSeats: number,
  actorId: string,
): Promise<string[]> {
  if (game.status !== "open" || freeSeats <= 0) return [];
  // Within 24 h of the start the seats are offered, held for the players answered (decision 103).
  const offered = await offerInsteadNearStart(tx, game.id, freeSeats, actorId);
  if (offered) return offered;
  const first = await tx
    .select({ id: gameLine.id, userId: gameLine.userId })
    .from(gameLine)
    .where(eq(gameLine.gameId, game.id))
    .orderBy(asc(gameLine.id))
    .limit(freeSeats);
  if (first.length === 0) return [];
  for (const entry of first) {
    await tx.delete(gameLine).where(eq(gameLine.id, entry.id));
  }
  await tx
    .insert(gameParticipants)
    .values(first.map((e) => ({ gameId: game.id, userId: e.userId, status: "joined" })));
  await tx
    .update(games)
    .set({ currentPlayers: sql`${games.currentPlayers} + ${first.length}` })
    .where(eq(games.id, game.id));
  await promotedFromLine(tx, game.id, first, actorId);
  return first.map((e) => e.userId);
}

/**
 * A cancelled game has no line: its rows go, and its seat offers (the players in it or offered a
 * seat are told with the seated).
 */
export async function clearLine(tx: Tx, gameId: number): Promise<string[]> {
  const rows = await tx
    .delete(gameLine)
    .where(eq(gameLine.gameId, gameId))
    .returning({ userId: gameLine.userId });
  return [...rows.map((r) => r.userId), ...(await withdrawOffers(tx, gameId))];
}
