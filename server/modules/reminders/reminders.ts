import { eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { forecastFor, forecastPayload } from "../../db/court-forecast.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { enqueue, type JobData } from "../../db/job-queue.ts";
import { gameParticipants, games, users } from "../../db/schema.ts";
import { factsPayload, gameFacts } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";
import { cantMakeItToken, type ReminderLead } from "./cant-make-it-token.ts";
import { REMINDER_LEADS, reminderMoment, reminderTooLate } from "./moments.ts";

/**
 * Schedules the reminders of a game (one job per reminder for all its players), inside the
 * transaction that creates the game or changes its time. Whoever holds a seat when a job runs is
 * reminded, so joins, leaves and promotions need nothing here. A reminder whose time has passed
 * is not scheduled: a game starting within two hours gets none, within a day only the second.
 */
export async function scheduleGameReminders(
  tx: Queryable,
  game: { id: number; scheduledAt: Date; timeZone: string },
  now = new Date(),
  leads: readonly ReminderLead[] = REMINDER_LEADS,
): Promise<void> {
  const jobs = leads
    .filter((lead) => !reminderTooLate(game.scheduledAt, lead, now))
    .map((lead) => {
      const moment = reminderMoment(game.scheduledAt, game.timeZone, lead);
      const latest = new Date(game.scheduledAt.getTime() - lead * 3_600_000);
      return {
        data: { gameId: game.id, scheduledAt: game.scheduledAt.toISOString(), lead },
        startAfter: moment > now ? moment : latest,
      };
    });
  await enqueue(tx, "game-reminders", jobs);
}

/**
 * The job of one reminder: tells everyone seated in the game, unless it was cancelled or has
 * started. A game whose time changed since the job was scheduled gets this reminder for its new
 * time instead. The dedupe key names the game, the reminder and the start, so the same job run
 * twice, even at once on two instances, tells each player once. Each player but the organizer
 * gets a signed "Can't make it" link (cant-make-it.ts). Jobs queued before the day-before
 * reminder carry no lead: they are the two-hours one.
 */
export async function sendGameReminders(
  db: Db,
  job: JobData["game-reminders"],
  { secret }: { secret: string },
): Promise<void> {
  const lead: ReminderLead = job.lead ?? 2;
  await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ status: gameStatusSql })
      .from(games)
      .where(eq(games.id, job.gameId));
    const facts = await gameFacts(tx, job.gameId);
    if (!state || !facts || state.status !== "open") return;
    if (facts.startsAt !== new Date(job.scheduledAt).toISOString()) {
      await scheduleGameReminders(tx, { id: facts.gameId, ...facts }, new Date(), [lead]);
      return;
    }
    // The day-before reminder carries the start hour's forecast, when one is cached.
    const forecast = lead === 24 ? await forecastFor(tx, facts.courtId, facts.scheduledAt) : null;
    const seats = await tx
      .select({ userId: gameParticipants.userId, country: users.country })
      .from(gameParticipants)
      .innerJoin(users, eq(users.id, gameParticipants.userId))
      .where(eq(gameParticipants.gameId, job.gameId));
    const startMs = facts.scheduledAt.getTime();
    // The two-hours reminder keeps the key it always had, so a job queued before this change
    // and one queued after cannot both remind.
    const key = lead === 2 ? "reminder" : `reminder-${lead}h`;
    await notify(
      tx,
      seats.map(({ userId, country }) => ({
        kind: "game_reminder" as const,
        userId,
        gameId: facts.gameId,
        courtId: facts.courtId,
        payload: {
          ...factsPayload(facts),
          courtAddress: facts.courtAddress,
          lead,
          dropToken:
            userId === facts.organizerId
              ? null
              : cantMakeItToken(secret, { gameId: facts.gameId, lead, startMs, userId }),
          ...forecastPayload(forecast, country),
        },
        dedupeKey: `game:${facts.gameId}:${key}:${startMs}`,
      })),
    );
  });
}
