import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { JOB_SCHEMA, type JobData, type QueueName } from "../db/job-queue.ts";
import { createMailer, type Mailer } from "../lib/mail.ts";
import { safeError } from "../lib/safe-error.ts";
import { runMaintenance } from "../maintenance.ts";
import { type LiveHub, pruneLiveEvents } from "../modules/events/hub.ts";
import { decideDueGames } from "../modules/go-no-go/decision-sweep.ts";
import { type DeliveryDeps, deliverNotifications } from "../modules/notifications/delivery.ts";
import { pushAddressPolicy, vapidKeysOnce } from "../modules/notifications/push.ts";
import { setMailConfigured } from "../modules/notifications/reach.ts";
import { sendWeeklySummaries } from "../modules/notifications/weekly-stats.ts";
import { sendGameReminders } from "../modules/reminders/reminders.ts";
import { makeDueDates } from "../modules/runs/make-dates.ts";
import { lapseDueOffers } from "../modules/seat-offers/offers.ts";
import { refreshForecasts } from "../modules/weather/refresh-forecasts.ts";

type Log = Pick<FastifyBaseLogger, "info" | "warn">;

export interface JobRunner {
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  config: Pick<
    Config,
    "env" | "mail" | "publicUrl" | "sessionSecret" | "vapid" | "vapidSubject" | "weatherUrl"
  >;
  log: Log;
  /** Wakes the delivery worker as soon as a notification is announced anywhere. */
  hub?: LiveHub;
  /** Replaces the mailer made from the config (tests). */
  mailer?: Mailer | null;
  /** How often idle workers look for jobs; a notification wakes them earlier. */
  pollingIntervalSeconds?: number;
  /** How often this instance offers to check the schedules (pg-boss's default: 30). Tests. */
  cronMonitorIntervalSeconds?: number;
}

/** Jobs per fetch: each runs a few short queries, so the embedded database stays responsive. */
const BATCH = 10;

/**
 * Starts this instance's workers on the queue in PostgreSQL (or PGlite): notification delivery,
 * game reminders, and the periodic jobs that pg-boss's cron sends (server/jobs/queue.ts): the
 * weekly summaries, the pruning of live events, the maintenance run and the weather forecasts.
 * pg-boss hands each job to one worker across all instances (FOR UPDATE SKIP LOCKED), sends
 * each scheduled job once per tick whichever instances run, retries failures with backoff, and fails a job whose worker died
 * (still active past its expiry) so that another instance retries it.
 *
 * pg-boss completes a handled batch without awaiting it: should the database go away at that
 * moment, the rejection is logged as a warning (server/main.ts) and the job, still active, expires and runs
 * again; deliveries are recorded per channel, so nothing goes out twice.
 */
export async function startJobs(options: JobRunnerOptions): Promise<JobRunner> {
  const { database, config, log } = options;
  const boss = new PgBoss({
    db: { executeSql: database.execute },
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: 60,
    ...(options.cronMonitorIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
        }
      : {}),
  });
  boss.on("error", (error) => log.warn({ err: error }, "job queue error"));
  await boss.start();

  const mailer =
    options.mailer !== undefined ? options.mailer : config.mail ? createMailer(config.mail) : null;
  // The notices the jobs write (reminders, weekly summaries) enqueue e-mail only when it can go.
  setMailConfigured(mailer !== null);
  const deps: DeliveryDeps = {
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    vapidKeys: vapidKeysOnce(database.db, config),
    pushAddresses: pushAddressPolicy(config),
  };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  /**
   * A worker whose jobs fail one by one: pg-boss would fail a whole batch for one bad job, so a
   * failed job is failed here (retried later with backoff) and pg-boss completes the others. A
   * full batch fetches again at once rather than after the polling interval.
   */
  async function workEach<Q extends QueueName>(
    queue: Q,
    handle: (data: JobData[Q]) => Promise<unknown>,
  ): Promise<string> {
    const id: string = await boss.work<JobData[Q]>(
      queue,
      { batchSize: BATCH, pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) {
          try {
            await handle(job.data);
          } catch (error) {
            const recorded = await boss
              .fail(queue, job.id, {
                // Kept in the queue's table: no query parameter goes there either.
                message: safeError(error).message,
              })
              .then(
                () => true,
                (failError: unknown) => {
                  log.warn({ err: failError, queue }, "could not fail job");
                  return false;
                },
              );
            // Said once the failure is in the queue: a process killed after this line loses no
            // retry (killed before, the job stays active until it expires, then runs again).
            log.warn(
              { err: error, queue, job: job.id },
              recorded ? "job failed, to be retried" : "job failed, retried once it expires",
            );
          }
        }
        if (jobs.length === BATCH) boss.notifyWorker(id);
      },
    );
    return id;
  }

  /** A scheduled job: a failure is logged and the job failed; the next tick runs it again. */
  const workPeriodic = (queue: QueueName, run: () => Promise<unknown>) =>
    boss.work(queue, { pollingIntervalSeconds }, async () => {
      try {
        await run();
      } catch (error) {
        log.warn({ err: error, queue }, "periodic job failed");
        // pg-boss keeps the thrown error with the job: no query parameter goes there.
        throw new Error(safeError(error).message);
      }
    });

  const delivery = await workEach("notification-delivery", (data) =>
    deliverNotifications(deps, data),
  );
  await workEach("game-reminders", (data) =>
    sendGameReminders(database.db, data, { secret: config.sessionSecret }),
  );
  await workPeriodic("weekly-stats", () => sendWeeklySummaries(database.db));
  await workPeriodic("live-events-prune", () => pruneLiveEvents(database));
  await workPeriodic("maintenance", () => runMaintenance(database.db));
  await workPeriodic("weather-refresh", () =>
    refreshForecasts(database.db, { url: config.weatherUrl, log }),
  );
  await workPeriodic("go-no-go", () => decideDueGames(database.db));
  await workPeriodic("runs-ahead", () => makeDueDates(database.db));
  await workPeriodic("seat-offers", () => lapseDueOffers(database.db));

  const unsubscribe = options.hub?.onEvent((stored) => {
    if (stored.event.type === "notifications.changed") boss.notifyWorker(delivery);
  });

  return {
    async stop() {
      unsubscribe?.();
      // The jobs in hand finish (up to their expiry); the others wait in the queue.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 300_000 });
      mailer?.close();
    },
  };
}
