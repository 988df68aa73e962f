import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { seedIfEmpty } from "./db/seed/seed.ts";
import { type JobRunner, startJobs } from "./jobs/runner.ts";
import { isDatabaseUnavailable } from "./lib/database-unavailable.ts";
import { createLogger } from "./lib/logger.ts";
import { fromRoot } from "./lib/project-root.ts";
import { type BackupServer, serveBackups } from "./modules/backups/backup-socket.ts";
import { loadPageRenderer } from "./modules/pages/first-paint.ts";

const CLIENT_DIR = fromRoot("dist/client");

/** Milliseconds since the process started, for the start-up timeline logged once ready. */
const sinceStart = () => Math.round(performance.now());

async function main() {
  const timeline: Record<string, number> = { loaded: sinceStart() };
  const config = loadConfig();
  const log = createLogger(config);
  const database = await openConfiguredDatabase(config, {
    onConnectionError: (error) => log.warn({ err: error }, "database connection lost"),
  });
  // A stray rejection from background work is a bug to log, not a reason to stop serving. One
  // kind is expected: pg-boss completes a handled batch without awaiting it (its issue #577), so
  // a database lost at that moment rejects here; the job, still active, expires and runs again.
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason)) log.warn({ err: reason }, "database lost under a job");
    else log.error({ err: reason }, "unhandled rejection");
  });
  log.info({ database: database.kind }, "database opened");
  timeline.opened = sinceStart();
  await migrateDatabase(database);
  timeline.migrated = sinceStart();
  await seedIfEmpty(database.db, (message) => log.info(message), {
    demo: config.env !== "production",
  });

  timeline.seeded = sinceStart();
  const pageRenderer = loadPageRenderer(fromRoot("dist/server"));
  const app = await buildApp({
    database,
    config,
    clientDir: CLIENT_DIR,
    pageRenderer,
    logger: log,
  });
  timeline.built = sinceStart();
  if (!config.mail) {
    log.info("SMTP_URL is not set: notifications stay in the app and push, no e-mail is sent");
  }
  // The job workers (with the maintenance run and pg-boss's own upkeep, which can take seconds on
  // a large queue) start once the server listens: nothing that reads whole tables may stand
  // between start-up and the first answered request; requests made before then queue their jobs.
  let jobs: Promise<JobRunner> | undefined;
  // `npm run db:backup` cannot open a data directory this process holds: it asks here instead.
  let backups: BackupServer | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready first, so a load balancer sends nothing new while the rest closes.
    app.readiness.beginShutdown();
    log.info({ signal }, "shutting down");
    try {
      await (await jobs)?.stop(); // the jobs in hand finish; the others wait in the queue
      await app.close(); // stops accepting, lets requests in flight finish
      await backups?.close(); // a backup being sent is finished first
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  timeline.listening = sinceStart();
  const { dumpDataDir } = database;
  if (dumpDataDir && !closing) backups = await serveBackups(config.dataDir, dumpDataDir, log);
  // Imported now rather than before listen; a visitor's page waits for it at most once.
  pageRenderer
    ?.preload()
    .catch((error) => log.error({ err: error }, "the page renderer failed to load"));
  if (!closing) {
    jobs = startJobs({ database, config, log, hub: app.liveHub });
    await jobs;
    app.readiness.jobsStarted();
    timeline.jobs = sinceStart();
  }
  // Read by bench/hot-paths.bench.ts: where start-up spends its time (ms since the process began).
  log.info({ timeline }, "start-up timeline");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
