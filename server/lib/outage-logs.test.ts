import { randomBytes } from "node:crypto";
import { sign } from "@fastify/cookie";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE, SESSION_TTL_MS, sessionIdOf } from "../auth/sessions.ts";
import { type OwnCluster, startOwnCluster } from "../test-support/pg-cluster.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../test-support/server-process.ts";

/**
 * PostgreSQL stops while signed-in players keep asking: every request fails on a query whose
 * parameters are the caller's session id (and more). Whatever logs the failure (the error
 * handler, the request line, the job runner, LISTEN, the first paint), no parameter reaches a
 * log line.
 */

const SECRET = "outage-logs-session-secret-0123456789abcdef";
const PLAYERS = 6;

let cluster: OwnCluster;
let server: ServerProcess;
let base: string;
const players: { token: string; sid: string; cookie: string; email: string }[] = [];
let gameId = 0;

beforeAll(async () => {
  cluster = await startOwnCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bwb_outage_logs");
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = "/bwb_outage_logs";
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({
    DATABASE_URL: url.href,
    PORT: String(port),
    SESSION_SECRET: SECRET,
    LOG_LEVEL: "debug",
  });
  await waitUntilHealthy(port, server);

  const app = new pg.Client({ connectionString: url.href });
  await app.connect();
  for (let i = 0; i < PLAYERS; i++) {
    const email = `outage.secret.${i}.${randomBytes(4).toString("hex")}@example.com`;
    const { rows } = await app.query<{ id: string }>(
      "insert into users (first_name, email) values ('Outage', $1) returning id",
      [email],
    );
    const token = randomBytes(32).toString("base64url");
    const sid = sessionIdOf(token);
    await app.query("insert into sessions (sid, sess, expire) values ($1, $2, $3)", [
      sid,
      JSON.stringify({ userId: rows[0]?.id, createdAt: new Date().toISOString() }),
      new Date(Date.now() + SESSION_TTL_MS),
    ]);
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(sign(token, SECRET))}`;
    players.push({ token, sid, cookie, email });
  }
  const court = await app.query<{ id: number }>("select id from courts limit 1");
  const organizer = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { cookie: players[0]?.cookie ?? "", "content-type": "application/json" },
    body: JSON.stringify({
      courtId: court.rows[0]?.id,
      title: "Outage run",
      scheduledAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    }),
  });
  const created = (await organizer.json()) as { id: number };
  if (!created.id) throw new Error(`no game: ${JSON.stringify(created)}`);
  gameId = created.id;
  await app.end();
}, 180_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await cluster?.remove();
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What signed-in players do: reads, writes (transactions), a sign-in. */
async function playRound(): Promise<number[]> {
  const statuses: number[] = [];
  // One player after another: concurrent joins of one game would meet its write turns (503).
  for (const { cookie, email } of players) {
    await (async () => {
      const call = async (path: string, body?: unknown) => {
        const response = await fetch(base + path, {
          method: body === undefined ? "GET" : "POST",
          headers: {
            cookie,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        statuses.push(response?.status ?? 0);
        await response?.body?.cancel();
      };
      await call("/api/auth/user");
      await call(`/api/games/${gameId}/join`, {});
      await call(`/api/games/${gameId}/leave`, {});
      await call("/api/notifications/unread-count");
      await call("/api/login", { email, password: "a wrong password for sure" });
    })();
  }
  return statuses;
}

describe("logs while the database is down", () => {
  it("carry no query parameter: no session id, no e-mail, no params list", async () => {
    const before = await playRound();
    expect(
      before.every((status) => status > 0 && status < 500),
      String(before),
    ).toBe(true);
    await cluster.pause();
    try {
      const deadline = Date.now() + 6_000;
      const during: number[] = [];
      while (Date.now() < deadline) {
        during.push(...(await playRound()));
        await sleep(200);
      }
      expect(during.filter((status) => status === 503).length).toBeGreaterThan(10);
    } finally {
      await cluster.resume();
    }
    await sleep(3_000);
    const lines = server.output().split("\n").filter(Boolean);
    const failures = lines.filter((line) => /"level":(40|50)/.test(line));
    expect(failures.length).toBeGreaterThan(10);
    const leaking = lines.filter(
      (line) =>
        /params/i.test(line) ||
        players.some((p) => [p.sid, p.token, p.email].some((secret) => line.includes(secret))),
    );
    expect(leaking).toEqual([]);
  }, 120_000);
});
