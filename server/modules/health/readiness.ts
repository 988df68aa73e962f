import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newestMigrationAt } from "../../db/migrate.ts";
import { queryRows } from "../../db/query-rows.ts";

export type ReadinessCheck = "shutdown" | "database" | "migrations" | "jobs" | "listen";

/** What each failing check says, for the operator reading a 503. */
export const NOT_READY: Record<ReadinessCheck, string> = {
  shutdown: "The instance is shutting down.",
  database: "The database is not answering.",
  migrations: "The database lacks migrations this build needs.",
  jobs: "The job queue is not running.",
  listen: "The live events' LISTEN connection is down.",
};

/**
 * Whether this instance can serve (design: `GET /api/readyz`), apart from being alive
 * (`/api/healthz`): the database answers and has this build's migrations, the job queue runs,
 * LISTEN is connected, and shutdown has not begun. A load balancer stops sending requests as
 * soon as shutdown begins, before the listener closes.
 */
export class Readiness {
  readonly #db: Db;
  readonly #listening: () => boolean;
  #jobs = false;
  #closing = false;
  // Migrations are never undone under a running instance: once seen, not asked again.
  #migrated = false;

  constructor(db: Db, listening: () => boolean) {
    this.#db = db;
    this.#listening = listening;
  }

  /** The job workers started (main.ts). */
  jobsStarted(): void {
    this.#jobs = true;
  }

  /** From now on the instance answers not ready, for good. */
  beginShutdown(): void {
    this.#closing = true;
  }

  /** The checks that fail now (none: ready). */
  async failing(): Promise<ReadinessCheck[]> {
    const failing: ReadinessCheck[] = [];
    if (this.#closing) failing.push("shutdown");
    // As it is when asked, not after the database answered.
    const listening = this.#listening();
    try {
      if (!this.#migrated) this.#migrated = await this.#hasMigrations();
      else await this.#db.execute(sql`select 1`);
      if (!this.#migrated) failing.push("migrations");
    } catch {
      failing.push("database");
    }
    if (!this.#jobs) failing.push("jobs");
    if (!listening) failing.push("listen");
    return failing;
  }

  // The newest migration is read at the first check rather than at start-up.
  async #hasMigrations(): Promise<boolean> {
    const [row] = await queryRows<{ newest: string | null }>(
      this.#db,
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    return row?.newest != null && Number(row.newest) >= newestMigrationAt();
  }
}
