import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { enqueuePeriodic, JOB_SCHEMA, type JobData, type QueueName } from "../db/job-queue.ts";
import { createMailer, type Mailer } from "../lib/mail.ts";
import { type LiveHub, pruneLiveEvents } from "../modules/events/hub.ts";
import { type DeliveryDeps, deliverNotifications } from "../modules/notifications/delivery.ts";
import { vapidKeysOnce } from "../modules/notifications/push.ts";
import { setMailConfigured } from "../modules/notifications/reach.ts";
import { sendGameReminders } from "../modules/notifications/reminders.ts";
import { sendWeeklySummaries } from "../modules/notifications/weekly-stats.ts";

type Log = Pick<FastifyBaseLogger, "info" | "warn">;

export interface JobRunner {
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  config: Pick<Config, "mail" | "publicUrl" | "sessionSecret" | "vapid" | "vapidSubject">;
  log: Log;
  /** Wakes the delivery worker as soon as a notification is announced anywhere. */
  hub?: LiveHub;
  /** Replaces the mailer made from the config (tests). */
  mailer?: Mailer | null;
  /** How often idle workers look for jobs; a notification wakes them earlier. */
  pollingIntervalSeconds?: number;
}

/** Jobs per fetch: each runs a few short queries, so the embedded database stays responsive. */
const BATCH = 10;

/** Periodic jobs: every instance offers one per period; the queue keeps one per time slot. */
const PERIODIC: { queue: "weekly-stats" | "live-events-prune"; seconds: number }[] = [
  { queue: "weekly-stats", seconds: 3600 },
  { queue: "live-events-prune", seconds: 60 },
];

/**
 * Starts this instance's workers on the queue in PostgreSQL (or PGlite): notification delivery,
 * game reminders, the weekly summaries and the pruning of live events. pg-boss hands each job to
 * one worker across all instances (FOR UPDATE SKIP LOCKED), retries failures with backoff, and
 * its maintenance fails a job whose worker died (still active past its expiry) so that another
 * instance retries it.
 *
 * The loops are ours rather than pg-boss's work(): its worker completes jobs without awaiting,
 * so a database outage at that moment would be an unhandled rejection, and this process must
 * outlive outages. Every query here is awaited and every failure logged.
 */
export async function startJobs(options: JobRunnerOptions): Promise<JobRunner> {
  const { database, config, log } = options;
  const boss = new PgBoss({
    db: { executeSql: database.execute },
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 60,
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
  };
  const idleMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  let stopping = false;
  const wakers = new Map<QueueName, () => void>();

  /** Waits until `ms` passed or the queue was woken. */
  const idle = (queue: QueueName, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(queue);
        resolve();
      }
      wakers.set(queue, done);
    });

  /**
   * One worker: takes up to BATCH jobs, runs each on its own (a failed one is retried later
   * with backoff, the others complete), and fetches again at once while jobs keep coming.
   */
  async function loop<Q extends QueueName>(
    queue: Q,
    handle: (data: JobData[Q]) => Promise<void>,
  ): Promise<void> {
    while (!stopping) {
      let jobs: PgBoss.Job<JobData[Q]>[] = [];
      try {
        jobs = await boss.fetch<JobData[Q]>(queue, { batchSize: BATCH });
      } catch (error) {
        log.warn({ err: error, queue }, "could not fetch jobs");
      }
      const done: string[] = [];
      for (const job of jobs) {
        try {
          await handle(job.data);
          done.push(job.id);
        } catch (error) {
          log.warn({ err: error, queue, job: job.id }, "job failed, to be retried");
          await boss
            .fail(queue, job.id, {
              message: error instanceof Error ? error.message : String(error),
            })
            .catch((failError: unknown) =>
              log.warn({ err: failError, queue }, "could not fail job"),
            );
        }
      }
      if (done.length > 0) {
        // Not completed (a crash, an outage): the job expires and runs again; deliveries are
        // recorded per channel, so nothing goes out twice.
        await boss
          .complete(queue, done)
          .catch((error: unknown) => log.warn({ err: error, queue }, "could not complete jobs"));
      }
      if (jobs.length < BATCH && !stopping) await idle(queue, idleMs);
    }
  }

  const loops = [
    loop("notification-delivery", (data) => deliverNotifications(deps, data)),
    loop("game-reminders", (data) => sendGameReminders(database.db, data)),
    loop("weekly-stats", async () => {
      await sendWeeklySummaries(database.db);
    }),
    loop("live-events-prune", () => pruneLiveEvents(database)),
  ];

  const offerPeriodic = () =>
    Promise.all(
      PERIODIC.map(({ queue, seconds }) =>
        enqueuePeriodic(database.db, queue, seconds).catch((error: unknown) =>
          log.warn({ err: error, queue }, "could not schedule job"),
        ),
      ),
    );
  void offerPeriodic();
  const periodic = setInterval(offerPeriodic, 30_000);
  periodic.unref();

  const unsubscribe = options.hub?.onEvent((stored) => {
    if (stored.event.type === "notifications.changed") wakers.get("notification-delivery")?.();
  });

  return {
    async stop() {
      stopping = true;
      clearInterval(periodic);
      unsubscribe?.();
      for (const wake of [...wakers.values()]) wake();
      await Promise.all(loops);
      await boss.stop({ graceful: false, close: false });
      mailer?.close();
    },
  };
}
