import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { enqueue } from "../../db/job-queue.ts";
import { gameParticipants, games } from "../../db/schema.ts";
import { factsPayload, gameFacts } from "./game-facts.ts";
import { notify } from "./notify.ts";
import { REMINDER_BEFORE_MS, reminderMoment } from "./quiet-hours.ts";

/**
 * Schedules the reminder of a game (one job for all its players), inside the transaction that
 * creates the game or changes its time. Whoever holds a seat when the job runs is reminded, so
 * joins, leaves and promotions need nothing here. A game starting within two hours gets none.
 */
export async function scheduleGameReminders(
  tx: Queryable,
  game: { id: number; scheduledAt: Date; timeZone: string },
  now = new Date(),
): Promise<void> {
  const latest = new Date(game.scheduledAt.getTime() - REMINDER_BEFORE_MS);
  if (latest <= now) return;
  const moment = reminderMoment(game.scheduledAt, game.timeZone);
  await enqueue(tx, "game-reminders", [
    {
      data: { gameId: game.id, scheduledAt: game.scheduledAt.toISOString() },
      startAfter: moment > now ? moment : latest,
    },
  ]);
}

/**
 * The job: reminds everyone seated in the game, unless it was cancelled or has started. A game
 * whose time changed since the job was scheduled gets a reminder for its new time instead. The
 * dedupe key carries the start, so a second run for the same time records nothing.
 */
export async function sendGameReminders(
  db: Db,
  job: { gameId: number; scheduledAt: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ status: gameStatusSql })
      .from(games)
      .where(eq(games.id, job.gameId));
    const facts = await gameFacts(tx, job.gameId);
    if (!state || !facts || state.status !== "open") return;
    if (facts.startsAt !== new Date(job.scheduledAt).toISOString()) {
      await scheduleGameReminders(tx, { id: facts.gameId, ...facts });
      return;
    }
    const seats = await tx
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(and(eq(gameParticipants.gameId, job.gameId)));
    await notify(
      tx,
      seats.map(({ userId }) => ({
        kind: "game_reminder" as const,
        userId,
        gameId: facts.gameId,
        courtId: facts.courtId,
        payload: { ...factsPayload(facts), courtAddress: facts.courtAddress },
        dedupeKey: `game:${facts.gameId}:reminder:${facts.scheduledAt.getTime()}`,
      })),
    );
  });
}
