import { and, eq } from "drizzle-orm";
import { GAME_NOT_FOUND } from "../../../common/games.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { gameParticipants, games } from "../../db/schema.ts";
import { notFound } from "../../lib/http-error.ts";
import { gameStatusSql } from "./lifecycle.ts";

export type LockedGame = {
  id: number;
  organizerId: string;
  status: string;
  currentPlayers: number;
  maxPlayers: number;
};

/**
 * Locks the game's row for the rest of the transaction: every join, leave and cancel of one
 * game queues here, so the seat count is read and written by one transaction at a time.
 * "No key update" still lets rows that merely refer to the game (ratings, messages) in.
 */
export async function lockGame(tx: Tx, gameId: number): Promise<LockedGame> {
  const [game] = await tx
    .select({
      id: games.id,
      organizerId: games.organizerId,
      status: gameStatusSql,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .for("no key update");
  if (!game) throw notFound(GAME_NOT_FOUND);
  return game;
}

export async function hasSeat(tx: Queryable, gameId: number, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)));
  return row !== undefined;
}
