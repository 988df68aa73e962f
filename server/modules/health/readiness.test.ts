import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { eventually } from "../../test-support/eventually.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { freshPostgresDatabase } from "../../test-support/test-postgres.ts";

type NotReady = { message: string; errors: Record<string, string> };

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
}, 60_000);

async function testApp(): Promise<TestApp> {
  const t = await createTestApp();
  opened.push(t);
  return t;
}

const readyz = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/readyz" });

describe("GET /api/readyz", () => {
  it("is not ready until the job queue runs, then ready with each check; never cached", async () => {
    const { app } = await testApp();
    const before = await readyz(app);
    expect(before.statusCode).toBe(503);
    expect(before.json<NotReady>().errors).toEqual({ jobs: "The job queue is not running." });
    expect(before.headers["cache-control"]).toBe("no-store");

    app.readiness.jobsStarted();
    const after = await readyz(app);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", jobs: "ok", listen: "ok" },
    });
    // Alive all along.
    expect((await app.inject({ method: "GET", url: "/api/healthz" })).statusCode).toBe(200);
  });

  it("turns not ready the moment shutdown begins, while the instance still answers", async () => {
    const { app } = await testApp();
    app.readiness.jobsStarted();
    expect((await readyz(app)).statusCode).toBe(200);
    app.readiness.beginShutdown();
    const closing = await readyz(app);
    expect(closing.statusCode).toBe(503);
    expect(closing.json<NotReady>()).toEqual({
      message: "Not ready: shutdown.",
      errors: { shutdown: "The instance is shutting down." },
    });
    expect((await app.inject({ method: "GET", url: "/api/healthz" })).statusCode).toBe(200);
  });

  it("is not ready on a database that lacks this build's newest migration", async () => {
    const { app, db } = await testApp();
    app.readiness.jobsStarted();
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const answer = await readyz(app);
    expect(answer.statusCode).toBe(503);
    expect(answer.json<NotReady>().errors).toEqual({
      migrations: "The database lacks migrations this build needs.",
    });
  });
});

describe("GET /api/readyz on PostgreSQL", () => {
  it("is not ready while the LISTEN connection is down, and ready again once it is back", async () => {
    const scratch = await freshPostgresDatabase();
    opened.push(scratch);
    const database: Database = openPostgres(scratch.url, { max: 3 });
    opened.push(database);
    await migrateDatabase(database);
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
    await app.ready();
    opened.push(app);
    app.readiness.jobsStarted();
    expect((await readyz(app)).statusCode).toBe(200);

    // A failover or a restart takes the listening connection away.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN %' and datname = current_database()`,
    );
    const down = await eventually(async () => {
      const answer = await readyz(app);
      return answer.statusCode === 503 && answer.json<NotReady>();
    });
    expect(down.errors).toEqual({ listen: "The live events' LISTEN connection is down." });
    await eventually(async () => (await readyz(app)).statusCode === 200);
  }, 120_000);
});
