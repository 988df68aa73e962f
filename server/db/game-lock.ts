import { eq } from "drizzle-orm";
import { GAME_NOT_FOUND } from "../../common/games.ts";
import { notFound } from "../lib/http-error.ts";
import type { Tx } from "./client.ts";
import { gameStatusSql } from "./game-lifecycle.ts";
import { games } from "./schema.ts";

export type LockedGame = {
  id: number;
  organizerId: string;
  status: string;
  scheduledAt: Date;
  currentPlayers: number;
  maxPlayers: number;
};

/**
 * Locks the game's row for the rest of the transaction: every join, leave, cancel and seat
 * offer of one game queues here, so the seat count is read and written by one transaction at a
 * time. "No key update" still lets rows that merely refer to the game (ratings, messages) in.
 * 404 when there is no such game.
 */
export async function lockGame(tx: Tx, gameId: number): Promise<LockedGame> {
  const [game] = await tx
    .select({
      id: games.id,
      organizerId: games.organizerId,
      status: gameStatusSql,
      scheduledAt: games.scheduledAt,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .for("no key update");
  if (!game) throw notFound(GAME_NOT_FOUND);
  return game;
}
