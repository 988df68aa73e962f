import { and, eq, inArray, sql } from "drizzle-orm";
import {
  GAME_CANCELLED,
  type Game,
  ONLY_ORGANIZER,
  RESULT_BEFORE_START,
  RESULT_NOT_A_PLAYER,
  RESULT_TEAM_EMPTY,
  RESULT_TEAMS_MESSAGE,
  type RecordResultInput,
} from "../../../common/games.ts";
import type { Db } from "../../db/client.ts";
import { lockGame } from "../../db/game-lock.ts";
import { gameParticipants, gameResults, games } from "../../db/schema.ts";
import { badRequest, conflict, forbidden } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { awardBadges } from "../badges/service.ts";
import { applyResult } from "../levels/apply-result.ts";
import { resultRecorded } from "./game-notices.ts";
import { getGame } from "./game-reads.ts";

/** Every seat on exactly one team, each team with a player; otherwise a 400 naming why. */
function checkTeams(seats: readonly string[], teams: RecordResultInput["teams"]): void {
  const unknown = Object.keys(teams).filter((id) => !seats.includes(id));
  if (unknown.length > 0) throw badRequest(RESULT_NOT_A_PLAYER, { teams: RESULT_NOT_A_PLAYER });
  if (seats.some((id) => teams[id] === undefined)) {
    throw badRequest(RESULT_TEAMS_MESSAGE, { teams: RESULT_TEAMS_MESSAGE });
  }
  const sides = new Set(Object.values(teams));
  if (sides.size < 2) throw badRequest(RESULT_TEAM_EMPTY, { teams: RESULT_TEAM_EMPTY });
}

/**
 * The organizer records who won: the score and each player's team, in one transaction with the
 * game row locked. Allowed once the game has started; recorded while it is still running, it
 * ends the game then (endedAt). Recording again corrects the result. Badges the result earns
 * are awarded right after.
 */
export async function recordResult(
  db: Db,
  userId: string,
  gameId: number,
  input: RecordResultInput,
): Promise<Game> {
  const seats = await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.organizerId !== userId) throw forbidden(ONLY_ORGANIZER);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status === "open") throw conflict(RESULT_BEFORE_START);

      const rows = await tx
        .select({ userId: gameParticipants.userId })
        .from(gameParticipants)
        .where(eq(gameParticipants.gameId, gameId));
      const seatIds = rows.map((r) => r.userId);
      checkTeams(seatIds, input.teams);

      const result = {
        teamAScore: input.teamAScore,
        teamBScore: input.teamBScore,
        recordedBy: userId,
        recordedAt: sql`now()`,
      };
      await tx
        .insert(gameResults)
        .values({ gameId, ...result })
        .onConflictDoUpdate({ target: gameResults.gameId, set: result });
      for (const team of ["A", "B"] as const) {
        const ids = seatIds.filter((id) => input.teams[id] === team);
        await tx
          .update(gameParticipants)
          .set({ team })
          .where(and(eq(gameParticipants.gameId, gameId), inArray(gameParticipants.userId, ids)));
      }
      if (game.status === "active") {
        await tx.update(games).set({ endedAt: sql`now()` }).where(eq(games.id, gameId));
      }
      await resultRecorded(tx, { gameId, ...input });
      // Last: ratings rows are the last locks every writer of them takes (the peer ratings'
      // transaction too). Taken before ending the game, whose kept totals lock the same
      // players' totals rows, they deadlocked with a peer rating holding those totals.
      await applyResult(tx, gameId, input.teams, input.teamAScore > input.teamBScore ? "A" : "B");
      return seatIds;
    }),
  );
  await awardBadges(db, seats);
  return getGame(db, gameId);
}
