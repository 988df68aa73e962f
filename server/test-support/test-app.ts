import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import type { OidcClient } from "../auth/oidc.ts";
import { loadConfig } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { LiveStreamLimits } from "../modules/events/routes.ts";
import type { PageRenderer } from "../modules/pages/first-paint.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The same database with its raw executor and LISTEN (job runners, live events). */
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string;
    oidc?: OidcClient;
    logger?: FastifyBaseLogger;
    liveLimits?: Partial<LiveStreamLimits>;
    pageRenderer?: PageRenderer;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", ...options.env });
  const app = await buildApp({
    database,
    config,
    clientDir: options.clientDir,
    oidc: options.oidc,
    logger: options.logger,
    liveLimits: options.liveLimits,
    pageRenderer: options.pageRenderer,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = "bro"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The `name=value` of the session cookie a response set, ready for a Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "bwb_session" && c.value);
  if (!cookie)
    throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export const DEFAULT_PASSWORD = "correct horse battery";

/** Creates an account through the real sign-up endpoint and returns its session cookie. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<{ cookie: string; email: string; password: string }> {
  const body = {
    firstName: "Test",
    lastName: "Bro",
    email: uniqueEmail(),
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
  // Each account from its own address, so suites never meet the sign-ups-per-address limit.
  const remoteAddress = `10.250.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
  counter += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/signup",
    payload: body,
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response), email: body.email, password: body.password };
}
