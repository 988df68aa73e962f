import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { opensAtFor } from "../../../common/early-access.ts";
import { RUN_AHEAD_DAYS } from "../../../common/runs.ts";
import { inTimedBatches } from "../../db/batches.ts";
import type { Db, Tx } from "../../db/client.ts";
import { courts, runs } from "../../db/schema.ts";
import { courtColumns } from "../courts/court-columns.ts";
import { insertGame } from "../games/service.ts";
import { addDays, runDates, startOf, todayAt } from "./recurrence.ts";
import { seatRegulars } from "./regulars.ts";

export type RunRow = typeof runs.$inferSelect;

/**
 * Makes the run's dates up to RUN_AHEAD_DAYS ahead (on the court's calendar) as games, in the
 * caller's transaction, which holds the run's row. A date that exists already (the unique
 * run and date) is skipped, so making them twice makes each once; a date whose start has passed
 * is not made. With `limit`, it stops after that many games, the run made through the last
 * date handled, so the next call goes on from there. Answers how many games were made and
 * whether the run is made up to the horizon.
 */
export async function makeDates(
  tx: Tx,
  run: RunRow,
  timeZone: string,
  now: Date = new Date(),
  limit = Number.POSITIVE_INFINITY,
): Promise<{ made: number; finished: boolean }> {
  const horizon = addDays(todayAt(timeZone, now), RUN_AHEAD_DAYS);
  const from = run.madeThrough ? addDays(run.madeThrough, 1) : run.firstDate;
  let made = 0;
  let through = horizon;
  for (const date of runDates(run, from, horizon)) {
    if (made >= limit) {
      // Made through the day before this date, which the next call starts from.
      through = addDays(date, -1);
      break;
    }
    const scheduledAt = startOf(date, run.startTime, timeZone);
    if (scheduledAt <= now) continue;
    const gameId = await insertGame(tx, {
      courtId: run.courtId,
      organizerId: run.organizerId,
      title: run.title,
      gameType: run.gameType,
      maxPlayers: run.maxPlayers,
      scheduledAt,
      runId: run.id,
      runDate: date,
      // Regulars first: it opens to everyone the run's early-access hours after it is made.
      opensAt: opensAtFor(now, run.earlyAccessHours, scheduledAt),
    });
    if (gameId === null) continue;
    await seatRegulars(tx, run, gameId);
    made++;
  }
  if (!run.madeThrough || run.madeThrough < through) {
    await tx.update(runs).set({ madeThrough: through }).where(eq(runs.id, run.id));
  }
  return { made, finished: through === horizon };
}

/** Games made per transaction at most: each holds its runs' rows only that long. */
export const DATES_PER_BATCH = 50;

/**
 * The job (every few minutes): every active run whose dates are not made up to the horizon gets
 * them, up to a batch of dates per transaction, the batch's runs locked with SKIP LOCKED so two
 * instances (or two ticks) share the work and never wait on each other. The unique (run, date)
 * keeps each date once whatever overlaps. Batches are sized by time with a rest between them
 * (inTimedBatches), the smallest one date: a date costs a dozen statements, and on the embedded
 * database a batch holds the server's only thread. `batch` fixes the size (tests). Answers the
 * games made.
 */
export async function makeDueDates(
  db: Db,
  options: { now?: Date; batch?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  // The horizon on each court's calendar, as the database reads "today" there.
  const behind = sql`(${runs.madeThrough} < (${now.toISOString()}::timestamptz at time zone ${courtColumns.timeZone})::date + ${RUN_AHEAD_DAYS}::int)`;
  let made = 0;
  // Runs up to this id are made up to the horizon in this pass.
  let after = 0;
  const sizes = options.batch
    ? { first: options.batch, min: options.batch, max: options.batch }
    : { first: 1, max: DATES_PER_BATCH };
  await inTimedBatches(async (size) => {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ run: runs, timeZone: courtColumns.timeZone })
        .from(runs)
        .innerJoin(courts, eq(courts.id, runs.courtId))
        .where(
          and(eq(runs.status, "active"), gt(runs.id, after), or(isNull(runs.madeThrough), behind)),
        )
        .orderBy(asc(runs.id))
        .limit(size)
        .for("update", { of: runs, skipLocked: true });
      let games = 0;
      let finishedThrough = after;
      for (const { run, timeZone } of rows) {
        if (games === size) return { games, finishedThrough, full: true };
        const dates = await makeDates(tx, run, timeZone, now, size - games);
        games += dates.made;
        if (!dates.finished) return { games, finishedThrough, full: true };
        finishedThrough = run.id;
      }
      return { games, finishedThrough, full: rows.length === size };
    });
    made += batch.games;
    after = batch.finishedThrough;
    return batch.full ? size : 0;
  }, sizes);
  return made;
}
