import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionIdOf } from "../auth/sessions.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  signUpUser,
  type TestApp,
} from "../test-support/test-app.ts";
import { loggerOptions } from "./logger.ts";
import { safeError } from "./safe-error.ts";

/**
 * A 500 is logged with the error's code and message, never the failed query's parameters:
 * those are the session ids and e-mails of whoever made the request.
 */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = pino(loggerOptions("info"), {
    write: (line: string) => lines.push(line),
  });
  t = await createTestApp({ logger });
});
afterAll(() => t.close());

const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.split("=")[1] ?? "")
    .split(".")
    .slice(0, -1)
    .join(".");

describe("errors in the log", () => {
  it("a signed-in request that fails logs the code and message, not the session id", async () => {
    const { cookie } = await signUpUser(t.app);
    const token = tokenOf(cookie);
    expect(token).toHaveLength(43);
    lines.length = 0;
    // The session lookup's query now fails, with the session's id among its parameters.
    await t.db.execute(sql`alter table sessions rename column expire to expire_gone`);
    try {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: "Something went wrong on our side. Please try again.",
      });
    } finally {
      await t.db.execute(sql`alter table sessions rename column expire_gone to expire`);
    }
    const log = lines.join("\n");
    expect(log).toContain('"code":"42703"'); // undefined_column
    expect(log).toMatch(/column .*expire.* does not exist/);
    expect(log).toContain("Failed query: select");
    expect(log).not.toContain(token);
    expect(log).not.toContain(sessionIdOf(token));
    expect(log).not.toContain("params");
  });

  it("a sign-in that fails logs neither the e-mail nor the password", async () => {
    const { email } = await signUpUser(t.app);
    lines.length = 0;
    await t.db.execute(sql`alter table user_credentials rename column password_hash to gone`);
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: DEFAULT_PASSWORD },
        remoteAddress: "10.60.0.1",
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table user_credentials rename column gone to password_hash`);
    }
    const log = lines.join("\n");
    expect(log).toContain('"code":"42703"');
    expect(log).not.toContain(email);
    expect(log).not.toContain(email.toLowerCase());
    expect(log).not.toContain(DEFAULT_PASSWORD);
  });
});

describe("safeError", () => {
  it("keeps type, code, names and cause; drops parameters, detail and where", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      constraint: "users_email_lower_idx",
      table: "users",
      detail: "Key (lower(email))=(someone@example.com) already exists.",
      where: "SQL function",
      params: ["someone@example.com"],
    });
    const error = Object.assign(
      new Error("Failed query: insert into users (email) values ($1)\nparams: someone@example.com"),
      { query: "insert…", params: ["someone@example.com"], cause },
    );
    const safe = safeError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain("someone@example.com");
    expect(safe.message).toBe("Failed query: insert into users (email) values ($1)");
    expect(safe.cause).toMatchObject({
      code: "23505",
      constraint: "users_email_lower_idx",
      table: "users",
    });
    expect(safe.stack).toMatch(
      /^Error: Failed query: insert into users \(email\) values \(\$1\)\n\s+at /,
    );
  });
});

describe("a log line's message", () => {
  it("never carries a failed query's parameters, whoever logs the error and however", () => {
    const out: string[] = [];
    const log = pino(loggerOptions("info"), { write: (line: string) => out.push(line) });
    const secret = "9f2c1e0b7a6d5c4b3a29180716253443a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7";
    const failed = new Error(`Failed query: select 1 where sid = $1\nparams: ${secret},2026`);
    const cast = Object.assign(new Error(`invalid input syntax for type uuid: "${secret}"`), {
      code: "22P02",
    });
    log.error(failed); // pino would take the error's message as the line's
    log.error({ err: failed }); // fastify's default error log: no message of its own…
    log.error({ err: failed }, failed.message); // …or the error's message given as its own
    log.warn({ err: new Error("outer", { cause: failed }) }, "request failed");
    log.error({ err: cast });
    log.info(`a text that quotes one: ${failed.message}`);
    expect(out).toHaveLength(6);
    for (const line of out) expect(line).not.toContain(secret);
    expect(JSON.parse(out[0] ?? "{}")).toMatchObject({
      msg: "Failed query: select 1 where sid = $1",
      err: { type: "Error", message: "Failed query: select 1 where sid = $1" },
    });
    expect(JSON.parse(out[4] ?? "{}").msg).toBe("invalid input syntax for type uuid: [value]");
  });
});
