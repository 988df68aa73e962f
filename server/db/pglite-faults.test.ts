import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { DATABASE_UNAVAILABLE } from "../lib/database-unavailable.ts";
import { callApi } from "../test-support/direct-session.ts";
import { signUpUser } from "../test-support/test-app.ts";
import { type Database, openPglite } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * The embedded database has one connection and no network to lose, so what can fail is a query
 * (a table gone, a statement refused) or the database itself (closed). Neither may take the
 * server down: the request gets an answer and the next request is served.
 */

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let cookie: string;

beforeAll(async () => {
  database = await openPglite();
  await migrateDatabase(database);
  app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
  await app.ready();
  ({ cookie } = await signUpUser(app));
});
afterAll(async () => {
  await app.close();
});

describe("PGlite faults while the server runs", () => {
  it("queries that fail mid-run answer 500 for those requests only; the rest carry on", async () => {
    await database.db.execute(sql`alter table courts rename to courts_gone`);
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          callApi(app, "GET", i % 2 ? "/api/courts" : "/api/auth/user", cookie),
        ),
      );
      const byUrl = (odd: boolean) =>
        responses.filter((_, i) => Boolean(i % 2) === odd).map((r) => r.statusCode);
      expect(new Set(byUrl(true))).toEqual(new Set([500]));
      expect(new Set(byUrl(false))).toEqual(new Set([200]));
    } finally {
      await database.db.execute(sql`alter table courts_gone rename to courts`);
    }
    expect((await callApi(app, "GET", "/api/courts", cookie)).statusCode).toBe(200);
    expect((await callApi(app, "GET", "/api/healthz")).statusCode).toBe(200);
  });

  it("a closed database: every request gets 503 with Retry-After, and nothing crashes", async () => {
    await database.close();
    const health = await callApi(app, "GET", "/api/healthz");
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toMatch(/^\d+$/);
    for (const [method, url] of [
      ["GET", "/api/auth/user"],
      ["GET", "/api/courts"],
      ["POST", "/api/checkout"],
    ] as const) {
      const response = await callApi(app, method, url, cookie, method === "POST" ? {} : undefined);
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(response.headers["retry-after"]).toMatch(/^\d+$/);
    }
  });
});
