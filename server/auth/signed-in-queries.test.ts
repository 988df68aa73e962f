import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPglite } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { signUpUser } from "../test-support/test-app.ts";

/**
 * How many statements a signed-in request sends to the database, counted by Drizzle's logger
 * (the statements are the same on PostgreSQL; PGlite only makes the count deterministic).
 */
let database: Database;
let app: FastifyInstance;
const statements: string[] = [];
beforeAll(async () => {
  database = await openPglite(undefined, {
    logger: { logQuery: (query) => statements.push(query) },
  });
  await migrateDatabase(database);
  app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function statementsOf(url: string, cookie: string) {
  statements.length = 0;
  const response = await app.inject({ url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return { body: response.json(), sent: [...statements] };
}

describe("a signed-in request reads its session and user in one query", () => {
  it("GET /api/auth/user costs one statement: the session joined to its user and profile", async () => {
    const { cookie, email } = await signUpUser(app, { firstName: "Solo" });
    const { body, sent } = await statementsOf("/api/auth/user", cookie);
    expect(body).toMatchObject({ email, firstName: "Solo", hasProfile: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "sessions" inner join "users"/);
  });

  it("any other signed-in read pays one statement for who is asking, then its own", async () => {
    const { cookie } = await signUpUser(app);
    const { body, sent } = await statementsOf("/api/checkin", cookie);
    expect(body).toEqual({ checkIn: null });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from "sessions" inner join "users"/);
  });
});
