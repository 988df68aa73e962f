import { and, eq, sql } from "drizzle-orm";
import { GAME_NOT_FOUND } from "../../../common/games.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import type { LockedGame } from "../../db/game-lock.ts";
import { queryRows } from "../../db/query-rows.ts";
import { gameParticipants, games, playerProfiles, users } from "../../db/schema.ts";
import { notFound, unauthorized } from "../../lib/http-error.ts";
import { SOMEONE } from "../notifications/game-facts.ts";
import { type GameRow, selectGamesWith } from "./game-reads.ts";

export async function hasSeat(tx: Queryable, gameId: number, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)));
  return row !== undefined;
}

/** Locks the player's row "for share" (see lockGameForSeat); 401 when it is deleted or missing. */
async function lockPlayer(tx: Tx, userId: string): Promise<void> {
  const [row] = await queryRows<{ live: boolean | null }>(
    tx,
    sql`select (select ${users.deletedAt} is null from ${users} where ${users.id} = ${userId} for share) as live`,
  );
  if (!row?.live) throw unauthorized();
}

/** A locked game with what a seat change's notice says about it and the player. */
export type SeatChangeFacts = LockedGame & {
  /** The player making the change. */
  userId: string;
  title: string | null;
  courtId: number;
  /** How the organizer's notice names the player. */
  playerName: string;
  /** The game as it was locked, everything the answer shows (its seats as before the change). */
  row: GameRow;
};

/**
 * lockGame for a seat change by the player `userId`, with what the organizer's notice says and
 * the whole game the answer shows (so no read follows the commit). The player's row is locked
 * "for share" first, in its own statement (a join racing the account's deletion waits for it, then
 * sees it deleted): the deletion locks the player, then their games, and a seat change taking
 * the same two locks the other way round deadlocked with it on PostgreSQL. A deleted or missing
 * player is refused (401) before a missing game (404).
 */
export async function lockGameForSeat(
  tx: Tx,
  gameId: number,
  userId: string,
): Promise<SeatChangeFacts> {
  await lockPlayer(tx, userId);
  // Named, so PostgreSQL parses and plans this seven-table read once per connection, not on
  // every seat change (about a millisecond each, one at a time; §88).
  const [found] = await selectGamesWith(tx, null, {
    playerName: sql<string>`coalesce(nullif(${playerProfiles.nickname}, ''), nullif(${users.firstName}, ''), ${SOMEONE})`,
  })
    .innerJoin(users, eq(users.id, sql.placeholder("userId")))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(games.id, sql.placeholder("gameId")))
    .for("no key update", { of: games })
    .prepare("game_for_seat")
    .execute({ gameId, userId });
  if (!found) throw notFound(GAME_NOT_FOUND);
  const { playerName, ...row } = found;
  return {
    userId,
    id: row.id,
    organizerId: row.organizerId,
    status: row.status,
    scheduledAt: row.scheduledAt,
    currentPlayers: row.currentPlayers,
    maxPlayers: row.maxPlayers,
    title: row.title,
    courtId: row.courtId,
    playerName,
    row,
  };
}

/**
 * Seats the player and counts the seat in one statement; false when they already held one (the
 * primary key decides, so a player racing their own join cannot hold two). Call with the game
 * locked and a free seat.
 */
export async function takeSeat(
  tx: Tx,
  gameId: number,
  userId: string,
  status: string,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`with seat as (
        insert into ${gameParticipants} (game_id, user_id, status) values (${gameId}, ${userId}, ${status})
        on conflict do nothing returning user_id
      )
      update ${games} set current_players = current_players + 1
      where ${games.id} = ${gameId} and exists (select 1 from seat) returning 1`,
  );
  return rows.length > 0;
}

/** Gives up the player's seat and uncounts it in one statement; false when they held none. */
export async function removeSeat(tx: Tx, gameId: number, userId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`with seat as (
        delete from ${gameParticipants}
        where ${gameParticipants.gameId} = ${gameId} and ${gameParticipants.userId} = ${userId}
        returning user_id
      )
      update ${games} set current_players = current_players - 1
      where ${games.id} = ${gameId} and exists (select 1 from seat) returning 1`,
  );
  return rows.length > 0;
}
