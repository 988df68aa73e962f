import { and, eq, sql } from "drizzle-orm";
import {
  GAME_NOT_FOUND,
  type GivenRating,
  RATING_BEFORE_END,
  RATING_NOT_A_PLAYER,
  RATING_NOT_PLAYED,
  RATING_TWICE,
  type RateInput,
} from "../../../common/games.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { gameParticipants, games, playerRatings } from "../../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { awardBadges } from "../badges/service.ts";
import { nudgeFromPeers } from "../levels/peer-nudge.ts";

/** The ratings `raterId` gave in the game, by player. */
export async function givenRatings(
  db: Queryable,
  raterId: string,
  gameId: number,
): Promise<GivenRating[]> {
  const rows = await db
    .select({ userId: playerRatings.rateeId, rating: playerRatings.rating })
    .from(playerRatings)
    .where(and(eq(playerRatings.gameId, gameId), eq(playerRatings.raterId, raterId)))
    .orderBy(playerRatings.rateeId);
  return rows;
}

/**
 * A player of a completed game rates other players of it, 1 to 5; rating someone again in the
 * same game replaces the earlier rating (one per rater, ratee and game). Badges the ratings
 * earn (MVP) are awarded right after.
 */
export async function ratePlayers(
  db: Db,
  raterId: string,
  gameId: number,
  input: RateInput,
): Promise<GivenRating[]> {
  const [game] = await db.select({ status: gameStatusSql }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (game.status !== "completed") throw conflict(RATING_BEFORE_END);

  const seats = await db
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(eq(gameParticipants.gameId, gameId));
  const players = new Set(seats.map((s) => s.userId));
  if (!players.has(raterId)) throw forbidden(RATING_NOT_PLAYED);
  const ratees = input.ratings.map((r) => r.userId);
  if (new Set(ratees).size !== ratees.length) throw badRequest(RATING_TWICE);
  if (ratees.some((id) => id === raterId || !players.has(id))) {
    throw badRequest(RATING_NOT_A_PLAYER);
  }

  await withRetry(() =>
    db.transaction(async (tx) => {
      await tx
        .insert(playerRatings)
        .values(
          input.ratings.map((r) => ({ gameId, raterId, rateeId: r.userId, rating: r.rating })),
        )
        .onConflictDoUpdate({
          target: [playerRatings.gameId, playerRatings.raterId, playerRatings.rateeId],
          set: { rating: sql`excluded.rating`, updatedAt: sql`now()` },
        });
      await nudgeFromPeers(tx, gameId, ratees);
    }),
  );
  await awardBadges(db, ratees);
  return givenRatings(db, raterId, gameId);
}
