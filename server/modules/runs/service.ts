import { and, asc, count, eq, gt, gte, sql } from "drizzle-orm";
import { GAME_CANCELLED, GAME_STARTED, WHEN_IN_PAST } from "../../../common/game-limits.ts";
import {
  type ChangeRunInput,
  type CreateRunInput,
  type EndRunInput,
  MAX_ACTIVE_RUNS,
  RUN_ENDED,
  RUN_IN_PAST,
  RUN_MAX_DATES,
  RUN_NO_DATES,
  RUN_NOT_FOUND,
  RUN_ONLY_ORGANIZER,
  RUN_TIME_SKIPPED,
  RUN_TOO_MANY_DATES,
  type Run,
  TOO_MANY_RUNS,
} from "../../../common/runs.ts";
import type { Db, Tx } from "../../db/client.ts";
import { gameEndsAtSql } from "../../db/game-lifecycle.ts";
import { lockGame } from "../../db/game-lock.ts";
import { runsOrganizer } from "../../db/organizers.ts";
import { courts, games, runRegulars, runs } from "../../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { courtColumns } from "../courts/court-columns.ts";
import { gameEdited } from "../games/game-notices.ts";
import { selectGamesWith, toGame } from "../games/game-reads.ts";
import { fillFromLine } from "../games/line.ts";
import { cancelGame, lockOrganizerAtCourt } from "../games/service.ts";
import { playerNames, SOMEONE } from "../notifications/game-facts.ts";
import { scheduleGameReminders } from "../reminders/reminders.ts";
import { makeDates } from "./make-dates.ts";
import { allRunDates, firstRunDate, isSkipped, startOf } from "./recurrence.ts";

/**
 * Creates a run and its dates of the next weeks, in one transaction: the rule is checked on the
 * court's clock (its first date in the future and existing there, at most RUN_MAX_DATES dates
 * when it ends), then each date is made as an ordinary game.
 */
export async function createRun(
  db: Db,
  organizerId: string,
  input: CreateRunInput,
  now: Date = new Date(),
): Promise<Run> {
  const runId = await db.transaction(async (tx) => {
    const court = await lockOrganizerAtCourt(tx, organizerId, input.courtId);
    const [active] = await tx
      .select({ n: count() })
      .from(runs)
      .where(and(eq(runs.organizerId, organizerId), eq(runs.status, "active")));
    if ((active?.n ?? 0) >= MAX_ACTIVE_RUNS) throw conflict(TOO_MANY_RUNS);

    const rule = {
      weekdays: input.weekdays,
      intervalWeeks: input.intervalWeeks,
      firstDate: input.firstDate,
      untilDate: input.untilDate ?? null,
      count: input.count ?? null,
      startTime: input.startTime,
    };
    // DTSTART is the first date on the rule (RFC 5545 counts DTSTART as the first instance).
    const firstDate = firstRunDate(rule);
    if (!firstDate || (rule.untilDate && firstDate > rule.untilDate)) {
      throw badRequest(RUN_NO_DATES, { weekdays: RUN_NO_DATES });
    }
    if (rule.untilDate && allRunDates(rule, RUN_MAX_DATES).length > RUN_MAX_DATES) {
      throw badRequest(RUN_TOO_MANY_DATES, { untilDate: RUN_TOO_MANY_DATES });
    }
    if (isSkipped(firstDate, rule.startTime, court.timeZone)) {
      const message = RUN_TIME_SKIPPED(rule.startTime, firstDate);
      throw badRequest(message, { startTime: message });
    }
    if (startOf(firstDate, rule.startTime, court.timeZone) <= now) {
      throw badRequest(RUN_IN_PAST, { firstDate: RUN_IN_PAST });
    }

    const [run] = await tx
      .insert(runs)
      .values({
        courtId: input.courtId,
        organizerId,
        title: input.title,
        gameType: input.gameType,
        maxPlayers: input.maxPlayers,
        earlyAccessHours: input.earlyAccessHours,
        ...rule,
        firstDate,
      })
      .returning();
    if (!run) throw new Error("run insert returned no row");
    await makeDates(tx, run, court.timeZone, now);
    return run.id;
  });
  return getRun(db, runId);
}

/** The run with its court and its dates not yet over (cancelled ones too, marked). */
export async function getRun(db: Db | Tx, runId: number): Promise<Run> {
  const [row] = await db
    .select({ run: runs, court: courts })
    .from(runs)
    .innerJoin(courts, eq(courts.id, runs.courtId))
    .where(eq(runs.id, runId));
  if (!row) throw notFound(RUN_NOT_FOUND);
  const dates = await selectGamesWith(db, null, {
    runDate: sql<string>`${games.runDate}::text`,
    opensAtMs: sql<number | null>`(extract(epoch from ${games.opensAt}) * 1000)::float8`,
  })
    .where(and(eq(games.runId, runId), gt(gameEndsAtSql, sql`now()`)))
    .orderBy(asc(games.scheduledAt));
  const regulars = await db
    .select({ userId: runRegulars.userId, countMeIn: runRegulars.countMeIn })
    .from(runRegulars)
    .where(eq(runRegulars.runId, runId))
    .orderBy(asc(runRegulars.createdAt), asc(runRegulars.userId));
  const names = await playerNames(
    db,
    regulars.map((r) => r.userId),
  );
  const { run, court } = row;
  return {
    id: run.id,
    courtId: run.courtId,
    organizerId: run.organizerId,
    title: run.title,
    gameType: run.gameType,
    maxPlayers: run.maxPlayers,
    startTime: run.startTime,
    weekdays: run.weekdays,
    intervalWeeks: run.intervalWeeks,
    firstDate: run.firstDate,
    untilDate: run.untilDate,
    count: run.count,
    status: run.status as Run["status"],
    earlyAccessHours: run.earlyAccessHours,
    court: {
      id: court.id,
      name: court.name,
      address: court.address,
      latitude: court.latitude,
      longitude: court.longitude,
      timeZone: court.timeZone ?? "UTC",
    },
    regulars: regulars.map((r) => ({ ...r, name: names.get(r.userId) ?? SOMEONE })),
    upcoming: dates.map((d) => ({
      ...toGame(d),
      runDate: d.runDate,
      opensAt: d.opensAtMs === null ? null : new Date(d.opensAtMs).toISOString(),
    })),
  };
}

/** The run's row locked for a change by its organizer (or a co-organizer, when allowed), and its court's zone. */
async function lockOwnRun(
  tx: Tx,
  runId: number,
  userId: string,
  { coOrganizers = false }: { coOrganizers?: boolean } = {},
) {
  const [row] = await tx
    .select({ run: runs, timeZone: courtColumns.timeZone })
    .from(runs)
    .innerJoin(courts, eq(courts.id, runs.courtId))
    .where(eq(runs.id, runId))
    .for("update", { of: runs });
  if (!row) throw notFound(RUN_NOT_FOUND);
  if (row.run.organizerId !== userId) {
    if (!coOrganizers || !(await runsOrganizer(tx, row.run, userId))) {
      throw forbidden(RUN_ONLY_ORGANIZER);
    }
  }
  return row;
}

/**
 * "From this date on": the rule takes the new time, seats or title, and so does each date from
 * `fromDate` that has not started and still follows the rule (its time the rule's, its seats the
 * run's); a date moved or resized on its own keeps what it was given. Fewer seats than a date
 * has seated leaves that date as it is. Raised seats go to the first in line at once.
 */
export async function changeRun(
  db: Db,
  userId: string,
  runId: number,
  input: ChangeRunInput,
  now: Date = new Date(),
): Promise<Run> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const { run, timeZone } = await lockOwnRun(tx, runId, userId);
      if (run.status !== "active") throw conflict(RUN_ENDED);
      const startTime = input.startTime ?? run.startTime;
      const maxPlayers = input.maxPlayers ?? run.maxPlayers;
      const title = input.title ?? run.title;
      const dates = await tx
        .select({
          id: games.id,
          runDate: games.runDate,
          scheduledAt: games.scheduledAt,
          maxPlayers: games.maxPlayers,
          title: games.title,
        })
        .from(games)
        .where(
          and(
            eq(games.runId, runId),
            gte(games.runDate, input.fromDate),
            eq(games.status, "open"),
            gt(games.scheduledAt, now),
          ),
        )
        .orderBy(asc(games.runDate));
      for (const date of dates) {
        if (!date.runDate) continue;
        const onRule = +date.scheduledAt === +startOf(date.runDate, run.startTime, timeZone);
        const scheduledAt = onRule ? startOf(date.runDate, startTime, timeZone) : date.scheduledAt;
        if (scheduledAt <= now) continue;
        const game = await lockGame(tx, date.id);
        const seats =
          date.maxPlayers === run.maxPlayers && maxPlayers >= game.currentPlayers
            ? maxPlayers
            : date.maxPlayers;
        await tx
          .update(games)
          .set({
            scheduledAt,
            maxPlayers: seats,
            title: date.title === run.title ? title : date.title,
          })
          .where(eq(games.id, date.id));
        if (+scheduledAt !== +date.scheduledAt) {
          await scheduleGameReminders(tx, { id: date.id, scheduledAt, timeZone }, now);
        }
        const promoted =
          seats > date.maxPlayers
            ? await fillFromLine(
                tx,
                { ...game, maxPlayers: seats },
                seats - game.currentPlayers,
                userId,
              )
            : [];
        if (promoted.length === 0) await gameEdited(tx, date.id);
      }
      await tx.update(runs).set({ startTime, maxPlayers, title }).where(eq(runs.id, runId));
    }),
  );
  return getRun(db, runId);
}

/**
 * Ends the run: no new dates. The dates already made are kept (players planned on them; each
 * can be cancelled as any game), unless `cancelUpcoming`, which cancels each one not started,
 * telling its players as a cancelled game does.
 */
export async function endRun(
  db: Db,
  userId: string,
  runId: number,
  input: EndRunInput,
): Promise<Run> {
  await db.transaction(async (tx) => {
    const { run } = await lockOwnRun(tx, runId, userId);
    if (run.status === "ended") return;
    await tx.update(runs).set({ status: "ended", endedAt: sql`now()` }).where(eq(runs.id, runId));
  });
  if (input.cancelUpcoming) {
    const upcoming = await db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.runId, runId), eq(games.status, "open"), gt(games.scheduledAt, sql`now()`)),
      );
    for (const { id } of upcoming) await cancelGame(db, userId, id);
  }
  return getRun(db, runId);
}

/**
 * Moves one date of the run to another time (RECURRENCE-ID override): the game keeps its run
 * date, seats and players; its reminder follows the new time and pages showing it refresh.
 */
export async function moveRunDate(
  db: Db,
  userId: string,
  runId: number,
  runDate: string,
  scheduledAt: Date,
  now: Date = new Date(),
): Promise<Run> {
  if (scheduledAt <= now) throw badRequest(WHEN_IN_PAST, { scheduledAt: WHEN_IN_PAST });
  await withRetry(() =>
    db.transaction(async (tx) => {
      const { timeZone } = await lockOwnRun(tx, runId, userId, { coOrganizers: true });
      const [date] = await tx
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.runId, runId), eq(games.runDate, runDate)));
      if (!date) throw notFound("This run has no game on that date");
      const game = await lockGame(tx, date.id);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      await tx.update(games).set({ scheduledAt }).where(eq(games.id, date.id));
      await scheduleGameReminders(tx, { id: date.id, scheduledAt, timeZone }, now);
      await gameEdited(tx, date.id);
    }),
  );
  return getRun(db, runId);
}

/** The run and every one of its dates, for its calendar file. */
export async function runWithAllDates(db: Db, runId: number) {
  const run = await getRun(db, runId);
  const dates = await db
    .select({ runDate: games.runDate, scheduledAt: games.scheduledAt, status: games.status })
    .from(games)
    .where(eq(games.runId, runId))
    .orderBy(asc(games.runDate));
  const all = dates.flatMap((d) => (d.runDate ? [{ ...d, runDate: d.runDate }] : []));
  const endedThrough = run.status === "ended" ? (all.at(-1)?.runDate ?? run.firstDate) : null;
  return { run: { ...run, endedThrough }, dates: all };
}
