import { randomBytes } from "node:crypto";
import { sign } from "@fastify/cookie";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE, SESSION_TTL_MS, sessionIdOf } from "../auth/sessions.ts";
import { DATABASE_UNAVAILABLE } from "../lib/database-unavailable.ts";
import { type OwnCluster, startOwnCluster } from "../test-support/pg-cluster.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../test-support/server-process.ts";
import { createPool } from "./client.ts";

/**
 * The database goes away under load: its connections are terminated (pg_terminate_backend,
 * the 57P01 a checked-out transaction client used to die of), then the whole PostgreSQL server
 * stops for 10 seconds and starts again. A real server process keeps running throughout,
 * answers 503 with Retry-After while the database is away, and is whole again by itself.
 */

const SECRET = "outage-test-session-secret-0123456789abcdef";
const PLAYERS = 300;
const WORKERS = 16;

let cluster: OwnCluster;
let admin: pg.Client;
let server: ServerProcess;
let base: string;
let cookies: string[] = [];
let courtIds: number[] = [];

beforeAll(async () => {
  cluster = await startOwnCluster();
  admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bwb_outage");
  const url = new URL(cluster.url);
  url.pathname = "/bwb_outage";
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({ DATABASE_URL: url.href, PORT: String(port), SESSION_SECRET: SECRET });
  await waitUntilHealthy(port, server);

  // Players signed in straight through the tables (argon2 sign-ups would take minutes).
  const app = new pg.Client({ connectionString: url.href });
  await app.connect();
  const users = await app.query<{ id: string }>(
    `insert into users (first_name) select 'Outage ' || n from generate_series(1, ${PLAYERS}) n returning id`,
  );
  cookies = [];
  for (const { id } of users.rows) {
    const token = randomBytes(32).toString("base64url");
    await app.query("insert into sessions (sid, sess, expire) values ($1, $2, $3)", [
      sessionIdOf(token),
      JSON.stringify({ userId: id, createdAt: new Date().toISOString() }),
      new Date(Date.now() + SESSION_TTL_MS),
    ]);
    cookies.push(`${SESSION_COOKIE}=${encodeURIComponent(sign(token, SECRET))}`);
  }
  courtIds = (await app.query<{ id: number }>("select id from courts limit 5")).rows.map(
    (r) => r.id,
  );
  await app.end();
}, 180_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await admin?.end().catch(() => {});
  await cluster?.remove();
}, 60_000);

interface Outcome {
  at: number;
  path: string;
  status: number | "network error";
  body: string;
  retryAfter: string | null;
}

/** Players signing in, checking in and out (transactions) and browsing, until told to stop. */
function startLoad() {
  const outcomes: Outcome[] = [];
  let running = true;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const call = async (path: string, cookie: string, body?: unknown) => {
    const at = Date.now();
    try {
      const response = await fetch(base + path, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      outcomes.push({
        at,
        path,
        status: response.status,
        body: await response.text(),
        retryAfter: response.headers.get("retry-after"),
      });
    } catch (error) {
      outcomes.push({ at, path, status: "network error", body: String(error), retryAfter: null });
    }
  };
  const worker = async () => {
    while (running) {
      const cookie = pick(cookies);
      await call("/api/auth/user", cookie);
      await call("/api/checkin", cookie, { courtId: pick(courtIds) });
      await call("/api/courts/popular", cookie);
      await call("/api/checkout", cookie, {});
      await call("/api/healthz", "");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = () => server.child.exitCode === null && server.child.signalCode === null;
const statuses = (outcomes: Outcome[]) => [...new Set(outcomes.map((o) => o.status))].sort();

async function waitForHealth(timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const response = await fetch(`${base}/api/healthz`).catch(() => undefined);
    if (response?.status === 200) return Date.now() - started;
    await sleep(200);
  }
  throw new Error("the server did not become healthy again");
}

function expectOnly200Or503(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    expect([200, 503], `${outcome.path} → ${outcome.status} ${outcome.body}`).toContain(
      outcome.status,
    );
    if (outcome.status === 503) {
      expect(outcome.retryAfter, outcome.path).toMatch(/^\d+$/);
    }
  }
}

describe("a transaction whose connection is already dead", () => {
  it("gives its client back to the pool: the next query does not wait for a leaked one", async () => {
    const url = new URL(cluster.url);
    url.pathname = "/bwb_outage";
    const lost: Error[] = [];
    const pool = createPool(url.href, { max: 1, onConnectionError: (e) => lost.push(e) });
    const db = drizzle(pool);
    try {
      await db.execute(sql`select 1`);
      // The pool's one idle client stops reading its socket, so it does not notice its
      // backend being terminated until the transaction's BEGIN is already on its way.
      const idle = (pool as unknown as { _idle: { client: IdleClient }[] })._idle[0]?.client;
      if (!idle) throw new Error("no idle client");
      idle.connection.stream.pause();
      await admin.query("select pg_terminate_backend($1)", [idle.processID]);
      await sleep(200);
      const transaction = db.transaction(async (tx) => tx.execute(sql`select 1`));
      setImmediate(() => idle.connection.stream.resume());
      await expect(transaction).rejects.toThrow();
      // With the client leaked, this would wait 10 s for a connection and fail.
      const started = Date.now();
      await db.execute(sql`select 1`);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  }, 60_000);
});

interface IdleClient {
  processID: number;
  connection: { stream: { pause(): void; resume(): void } };
}

describe("a PostgreSQL outage under load", () => {
  it("connections terminated again and again, then the server stopped for 10 s: the process lives, answers 503 meanwhile and recovers by itself", async () => {
    // Everything works to begin with.
    let load = startLoad();
    await sleep(1500);
    const warm = await load.stop();
    expect(warm.length).toBeGreaterThan(50);
    expect(statuses(warm)).toEqual([200]);

    // Backends terminated under load, twelve times: checked-out transaction clients die.
    load = startLoad();
    for (let round = 0; round < 12; round++) {
      await sleep(250);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'bwb_outage'",
      );
    }
    await sleep(500);
    const terminated = await load.stop();
    expect(alive(), server.output()).toBe(true);
    expectOnly200Or503(terminated);
    expect(terminated.some((o) => o.status === 503)).toBe(true);

    // The whole server stopped for 10 seconds under load.
    load = startLoad();
    await sleep(500);
    await admin.end();
    await cluster.pause();
    const stoppedAt = Date.now();
    await sleep(10_000);
    const resumedAt = Date.now();
    await cluster.resume();
    const recoveredIn = await waitForHealth(30_000);
    await sleep(1500);
    const outage = await load.stop();
    expect(alive(), server.output()).toBe(true);
    expectOnly200Or503(outage);

    const whileAway = outage.filter((o) => o.at > stoppedAt + 500 && o.at < resumedAt - 500);
    expect(whileAway.length).toBeGreaterThan(20);
    for (const outcome of whileAway) {
      expect(outcome.status, `${outcome.path} ${outcome.body}`).toBe(503);
      if (outcome.path === "/api/healthz") {
        expect(JSON.parse(outcome.body).message).toBe("The database is not answering.");
      } else {
        expect(JSON.parse(outcome.body)).toEqual({ message: DATABASE_UNAVAILABLE });
      }
    }
    expect(recoveredIn).toBeLessThan(15_000);

    // Back by itself: sessions still valid, check-ins (transactions) work again.
    load = startLoad();
    await sleep(2000);
    const after = await load.stop();
    expect(after.length).toBeGreaterThan(50);
    expect(statuses(after)).toEqual([200]);

    expect(alive()).toBe(true);
    const unhandled = server
      .output()
      .split("\n")
      .filter((line) => /Unhandled|uncaught|unhandled rejection/i.test(line));
    expect(unhandled).toEqual([]);
  }, 180_000);
});
