import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { type Database, executorOf, type Queryable, type SqlExecutor } from "./client.ts";

/** pg-boss keeps its tables in a schema of their own; it creates and migrates them itself. */
export const JOB_SCHEMA = "pgboss";

/**
 * Every queue with its policy. Retries back off exponentially with jitter (pg-boss: about
 * retryDelay × 2^n); expiry is how long a job may stay active before it counts as failed (a
 * crashed worker), so each is a few times what its work takes.
 */
export const QUEUES = {
  /** E-mail and push for one notification; SMTP or a push service being down retries it. */
  "notification-delivery": {
    retryLimit: 12,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  /** One reminder of one game, a day or two hours before (server/modules/reminders/reminders.ts). */
  "game-reminders": { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /** Hourly on Sunday evening to Monday (UTC): Monday-morning summaries in every zone. */
  "weekly-stats": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Every minute: live events older than the resume window go. */
  "live-events-prune": { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 },
  /**
   * Every five minutes: server/maintenance.ts. Not retried (the next tick runs it again); its
   * expiry allows a badge sweep with every player queued.
   */
  maintenance: { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 1800 },
  /** Every five minutes: forecasts due for courts with games (server/modules/weather). Not retried. */
  "weather-refresh": { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 600 },
  /**
   * Every minute, and at each decision time set: the go/no-go decisions that are due
   * (server/modules/go-no-go/decision-sweep.ts). Not retried: the next run decides what is left.
   */
  "go-no-go": { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 300 },
  /** Every five minutes: runs' dates made up to four weeks ahead (modules/runs/make-dates.ts). */
  "runs-ahead": { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 900 },
  /** Every minute: seat offers whose time is up pass on (modules/seat-offers). Not retried. */
  "seat-offers": { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 300 },
} as const satisfies Record<string, Omit<PgBoss.Queue, "name">>;

export type QueueName = keyof typeof QUEUES;

/** What each queue's jobs carry. */
export interface JobData {
  /**
   * The notifications one transaction wrote (notify.ts). Jobs queued before this shape carried
   * one `notificationId`; the worker still reads those.
   */
  "notification-delivery": { notificationIds: number[] } | { notificationId: number };
  /** `lead`: hours before the start; absent in jobs queued before there were two (2). */
  "game-reminders": { gameId: number; scheduledAt: string; lead?: 24 | 2 };
  "weekly-stats": Record<string, never>;
  "live-events-prune": Record<string, never>;
  maintenance: Record<string, never>;
  "weather-refresh": Record<string, never>;
  "go-no-go": Record<string, never>;
  "runs-ahead": Record<string, never>;
  "seat-offers": Record<string, never>;
}

/**
 * The periodic jobs, as cron in UTC. pg-boss's cron (started by the runner) sends each once per
 * tick across every instance: an instance checks the schedules at most every 30 s, and the job it
 * sends is a singleton of its minute.
 */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  // The job itself reads nothing outside Sunday evening to Tuesday noon (weekly-stats.ts).
  "weekly-stats": "0 * * * *",
  "live-events-prune": "* * * * *",
  maintenance: "*/5 * * * *",
  // Each court is asked at most hourly (Open-Meteo updates hourly); a new game's court sooner.
  "weather-refresh": "*/5 * * * *",
  "go-no-go": "* * * * *",
  "runs-ahead": "*/5 * * * *",
  "seat-offers": "* * * * *",
};

/** pg-boss's own queue through which its cron sends the scheduled jobs. */
const CRON_QUEUE = "__pgboss__send-it";

export type NewJob<Q extends QueueName> = {
  data: JobData[Q];
  /** Not before this moment (quiet hours, reminders); now when omitted. */
  startAfter?: Date;
};

function refuse(): never {
  throw new Error("the job sender runs SQL only through the executor it is given");
}

/**
 * pg-boss turned into a pure SQL builder: it is never started, and every insert runs on the
 * executor of the caller's transaction. So a job commits or vanishes with the change that asked
 * for it, and any code holding a transaction can enqueue without a handle on a running queue.
 */
const sender = new PgBoss({ db: { executeSql: refuse }, schema: JOB_SCHEMA });
sender.on("error", () => {});

/** Adds jobs to a queue inside the caller's transaction (or right away on the database). */
export async function enqueue<Q extends QueueName>(
  tx: Queryable,
  queue: Q,
  jobs: readonly NewJob<Q>[],
): Promise<void> {
  if (jobs.length === 0) return;
  await sender.insert(
    jobs.map((job) => ({
      name: queue,
      data: job.data,
      ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
    })),
    { db: { executeSql: executorOf(tx) } },
  );
}

/**
 * An `INSERT … SELECT` of one job of `queue` per row of `from` (a FROM clause and what follows),
 * its data the JSON expression `data` over those rows: the job is written by the same statement
 * as the rows it is about (a data-modifying CTE), with no round trip of its own. The columns and
 * policy are those pg-boss's own insert writes for a job without options (pg-boss 10's
 * `job` table; server/db/job-queue.test.ts checks the two agree), so pg-boss fetches, retries and
 * expires it as its own.
 */
export function insertJobSql<Q extends QueueName>(queue: Q, data: SQL, from: SQL): SQL {
  const policy = QUEUES[queue];
  return sql`insert into ${sql.raw(JOB_SCHEMA)}.job
      (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
    select ${queue}, ${data}, ${policy.retryLimit}::int,
      ${policy.retryBackoff ? Math.max(policy.retryDelay, 1) : policy.retryDelay}::int,
      ${policy.retryBackoff}::bool, ${policy.expireInSeconds}::int * interval '1 second', 'standard'
    ${from}`;
}

// Any fixed number, apart from the migrations' own.
const INSTALL_LOCK_ID = 7_240_312;

/**
 * Creates pg-boss's schema or migrates it to this version's, then creates the queues, applies
 * their policies and writes the schedules. Part of migrating the database: a job can be enqueued as soon as the tables
 * exist. Instances starting together take turns on one connection holding an advisory lock:
 * pg-boss's own lock covers its schema but not its queues, whose partitions deadlock when two
 * instances create them at once.
 */
export async function installJobQueue(database: Database): Promise<void> {
  await database.withConnection(async (execute) => {
    await execute(`select pg_advisory_lock(${INSTALL_LOCK_ID})`);
    try {
      await installOn(execute);
    } finally {
      await execute(`select pg_advisory_unlock(${INSTALL_LOCK_ID})`);
    }
  });
}

async function installOn(execute: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: execute },
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  const failures: unknown[] = [];
  boss.on("error", (error) => failures.push(error));
  await boss.start();
  try {
    for (const [name, policy] of Object.entries(QUEUES)) {
      await boss.createQueue(name, { name, ...policy });
      await boss.updateQueue(name, { name, ...policy });
    }
    // Its cron creates this queue on start, unless it exists: here, under the lock above.
    await boss.createQueue(CRON_QUEUE);
    for (const name of Object.keys(QUEUES) as QueueName[]) {
      const cron = SCHEDULES[name];
      await (cron ? boss.schedule(name, cron) : boss.unschedule(name));
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  if (failures.length > 0) throw failures[0];
}
