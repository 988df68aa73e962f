import { eq } from "drizzle-orm";
import {
  GAME_CANCELLED,
  GAME_NOT_FOUND,
  GAME_STARTED,
  type Game,
  ONLY_ORGANIZER,
} from "../../../common/games.ts";
import { DECISION_PAST, type GoNoGoInput, MIN_ABOVE_MAX } from "../../../common/go-no-go.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { enqueue } from "../../db/job-queue.ts";
import { games } from "../../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { gameChanged, publish } from "../events/publish.ts";
import { getGame } from "../games/game-reads.ts";

const MINUTE_MS = 60_000;

/**
 * Refuses a go/no-go that cannot be decided: a minimum above the game's number of players, or
 * a decision time already past (`now` is when the request is checked). Null minimum: none.
 */
export function refuseUndecidable(
  input: GoNoGoInput,
  game: { scheduledAt: Date; maxPlayers: number },
  now: Date,
): void {
  if (input.minPlayers === null) return;
  if (input.minPlayers > game.maxPlayers) {
    throw badRequest(MIN_ABOVE_MAX, { minPlayers: MIN_ABOVE_MAX });
  }
  if (game.scheduledAt.getTime() - input.decideBeforeMinutes * MINUTE_MS <= now.getTime()) {
    throw badRequest(DECISION_PAST, { decideBeforeMinutes: DECISION_PAST });
  }
}

/**
 * Wakes the sweep at the decision time (decision-sweep.ts), so the decision does not wait for
 * the next whole minute; the sweep that runs every minute decides it anyway.
 */
export async function wakeSweepAt(tx: Queryable, decideAt: Date): Promise<void> {
  await enqueue(tx, "go-no-go", [{ data: {}, startAfter: decideAt }]);
}

/**
 * The organizer sets, changes or removes a game's go/no-go (PUT /api/games/{id}/go-no-go),
 * until its decision time. The game row is locked, so a decision being made waits for this
 * change or is made first (then this one is refused).
 */
export async function setGoNoGo(
  db: Db,
  userId: string,
  gameId: number,
  input: GoNoGoInput,
  now = new Date(),
): Promise<Game> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const [game] = await tx
        .select({
          organizerId: games.organizerId,
          courtId: games.courtId,
          status: gameStatusSql,
          scheduledAt: games.scheduledAt,
          maxPlayers: games.maxPlayers,
          decidedAt: games.decidedAt,
        })
        .from(games)
        .where(eq(games.id, gameId))
        .for("no key update");
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (game.organizerId !== userId) throw forbidden(ONLY_ORGANIZER);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      if (game.decidedAt) throw badRequest(DECISION_PAST);
      refuseUndecidable(input, game, now);
      const [row] = await tx
        .update(games)
        .set({
          minPlayers: input.minPlayers,
          decideBeforeMinutes: input.decideBeforeMinutes,
          playAnyway: input.playAnyway,
        })
        .where(eq(games.id, gameId))
        .returning({ decideAt: games.decideAt });
      if (row?.decideAt) await wakeSweepAt(tx, row.decideAt);
      await publish(tx, [gameChanged(gameId, game.courtId)]);
    }),
  );
  return getGame(db, gameId);
}
