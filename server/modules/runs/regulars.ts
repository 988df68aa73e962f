import { and, asc, eq, ne } from "drizzle-orm";
import { RUN_NOT_FOUND } from "../../../common/runs.ts";
import type { Db, Tx } from "../../db/client.ts";
import { lockGame } from "../../db/game-lock.ts";
import { runRegulars, runs, users } from "../../db/schema.ts";
import { notFound, unauthorized } from "../../lib/http-error.ts";
import { gameChanged } from "../events/publish.ts";
import { takeSeat } from "../games/seats.ts";
import { factsPayload, gameFacts } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";

/**
 * A player follows a run (a regular), and may be counted in by default: each new date seats them
 * while seats last. Following again changes only the choice.
 */
export async function followRun(
  db: Db,
  userId: string,
  runId: number,
  countMeIn: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.deletedAt) throw unauthorized();
    const [run] = await tx.select({ id: runs.id }).from(runs).where(eq(runs.id, runId));
    if (!run) throw notFound(RUN_NOT_FOUND);
    await tx
      .insert(runRegulars)
      .values({ runId, userId, countMeIn })
      .onConflictDoUpdate({ target: [runRegulars.runId, runRegulars.userId], set: { countMeIn } });
  });
}

/** Stops following: no more seats by default; seats already taken stay. */
export async function unfollowRun(db: Db, userId: string, runId: number): Promise<void> {
  await db
    .delete(runRegulars)
    .where(and(eq(runRegulars.runId, runId), eq(runRegulars.userId, userId)));
}

/**
 * A new date of the run seats its "count me in" regulars, longest-standing first, up to the
 * free seats, with the game's row locked (as every seat is taken): never more than the seats.
 * Each is told, in the same transaction; leaving is the game's ordinary Leave.
 */
export async function seatRegulars(
  tx: Tx,
  run: { id: number; organizerId: string },
  gameId: number,
): Promise<number> {
  const regulars = await tx
    .select({ userId: runRegulars.userId })
    .from(runRegulars)
    .where(
      and(
        eq(runRegulars.runId, run.id),
        eq(runRegulars.countMeIn, true),
        ne(runRegulars.userId, run.organizerId),
      ),
    )
    .orderBy(asc(runRegulars.createdAt), asc(runRegulars.userId));
  if (regulars.length === 0) return 0;
  const game = await lockGame(tx, gameId);
  let free = game.maxPlayers - game.currentPlayers;
  const seated: string[] = [];
  for (const { userId } of regulars) {
    if (free <= 0) break;
    if (await takeSeat(tx, gameId, userId, "joined")) {
      seated.push(userId);
      free--;
    }
  }
  if (seated.length === 0) return 0;
  const facts = await gameFacts(tx, gameId);
  if (!facts) throw new Error(`game ${gameId} vanished inside its own transaction`);
  await notify(
    tx,
    seated.map((userId) => ({
      kind: "run_counted_in" as const,
      userId,
      gameId,
      courtId: facts.courtId,
      payload: factsPayload(facts),
      dedupeKey: `game:${gameId}:counted-in`,
    })),
    { announce: [gameChanged(gameId, facts.courtId)] },
  );
  return seated.length;
}
