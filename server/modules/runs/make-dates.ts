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
 * is not made. Answers how many games were made.
 */
export async function makeDates(
  tx: Tx,
  run: RunRow,
  timeZone: string,
  now: Date = new Date(),
): Promise<number> {
  const horizon = addDays(todayAt(timeZone, now), RUN_AHEAD_DAYS);
  const from = run.madeThrough ? addDays(run.madeThrough, 1) : run.firstDate;
  let made = 0;
  for (const date of runDates(run, from, horizon)) {
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
  if (!run.madeThrough || run.madeThrough < horizon) {
    await tx.update(runs).set({ madeThrough: horizon }).where(eq(runs.id, run.id));
  }
  return made;
}

/** Runs looked at per transaction at most: each holds its runs' rows only that long. */
export const RUNS_PER_BATCH = 50;

/**
 * The job (every few minutes): every active run whose dates are not made up to the horizon gets
 * them, a batch of runs per transaction, each batch's rows locked with SKIP LOCKED so two
 * instances (or two ticks) share the work and never wait on each other. The unique (run, date)
 * keeps each date once whatever overlaps. Batches are sized by time with a rest between them
 * (inTimedBatches): a run's dates cost a dozen statements each, and on the embedded database a
 * batch holds the server's only thread. `batch` fixes the size (tests). Answers the games made.
 */
export async function makeDueDates(
  db: Db,
  options: { now?: Date; batch?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  // The horizon on each court's calendar, as the database reads "today" there.
  const behind = sql`(${runs.madeThrough} < (${now.toISOString()}::timestamptz at time zone ${courtColumns.timeZone})::date + ${RUN_AHEAD_DAYS}::int)`;
  let made = 0;
  let after = 0;
  const sizes = options.batch
    ? { first: options.batch, min: options.batch, max: options.batch }
    : { first: 1, max: RUNS_PER_BATCH };
  await inTimedBatches(async (batch) => {
    const ids = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ run: runs, timeZone: courtColumns.timeZone })
        .from(runs)
        .innerJoin(courts, eq(courts.id, runs.courtId))
        .where(
          and(eq(runs.status, "active"), gt(runs.id, after), or(isNull(runs.madeThrough), behind)),
        )
        .orderBy(asc(runs.id))
        .limit(batch)
        .for("update", { of: runs, skipLocked: true });
      for (const { run, timeZone } of rows) made += await makeDates(tx, run, timeZone, now);
      return rows.map((r) => r.run.id);
    });
    after = ids.at(-1) ?? after;
    return ids.length;
  }, sizes);
  return made;
}
