import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EventStream, openEventStream } from "./test-support/event-stream.ts";
import { eventually } from "./test-support/eventually.ts";
import { type PushReceiver, startPushReceiver } from "./test-support/push-receiver.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "./test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "./test-support/smtp-sink.ts";
import { freshPostgresDatabase } from "./test-support/test-postgres.ts";

/** A notification e-mail (account e-mails, such as the sign-up's confirmation, are not counted). */
const isNotificationMail = (mail: { raw: string }) =>
  /^Message-ID: <notification-/im.test(mail.raw);

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: what happens through one
 * reaches the streams of the other, the queue's work is shared (each message once), the LISTEN
 * connection survives its backend being killed, and a kill -9 between an event and its delivery
 * loses nothing.
 */

const HOUR = 3_600_000;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let smtp: SmtpSink;
let push: PushReceiver;
let sql: pg.Client;
const servers: ServerProcess[] = [];
const streams: EventStream[] = [];

type Instance = { port: number; server: ServerProcess; url: string };

async function startInstance(port?: number): Promise<Instance> {
  const p = port ?? (await freePort());
  const server = spawnServer({
    PORT: String(p),
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Ball with the Bros <games@example.com>",
    PUBLIC_URL: "http://bros.test",
    SESSION_SECRET: "a-shared-secret-for-both-instances-0123456789",
  });
  servers.push(server);
  return { port: p, server, url: `http://127.0.0.1:${p}` };
}

async function kill(instance: Instance) {
  instance.server.child.kill("SIGKILL");
  await instance.server.exited;
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  smtp = await startSmtpSink();
  push = await startPushReceiver();
  [a, b] = [await startInstance(), await startInstance()];
  await Promise.all([waitUntilHealthy(a.port, a.server), waitUntilHealthy(b.port, b.server)]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  for (const s of streams) s.close();
  for (const s of servers) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  await Promise.all(servers.map((s) => s.exited));
  await sql?.end();
  await push?.close();
  await smtp?.stop();
  await database?.close();
}, 60_000);

let seq = 0;
async function signUp(instance: Instance, firstName: string) {
  seq += 1;
  const email = `${firstName.toLowerCase()}.${seq}@example.com`;
  const response = await fetch(`${instance.url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName, lastName: "Bro", email, password: "a long enough password" }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bwb_session="));
  if (!cookie) throw new Error("no session cookie");
  return { email, cookie: cookie.split(";")[0] as string };
}

async function api(
  instance: Instance,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function stream(instance: Instance, cookie?: string) {
  const s = await openEventStream(`${instance.url}/api/events`, { cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  return s;
}

async function newGame(instance: Instance, cookie: string, title: string) {
  const { rows } = await sql.query<{ id: number }>(
    "select id from courts where is_active order by id limit 1",
  );
  const created = await api(instance, "POST", "/api/games", cookie, {
    courtId: rows[0]?.id,
    title,
    scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    maxPlayers: 6,
  });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

describe("two instances on one PostgreSQL", () => {
  it("an action through A updates a page streamed by B and rings the bell there", async () => {
    const coach = await signUp(a, "Coach");
    const rookie = await signUp(b, "Rookie");
    const gameId = await newGame(a, coach.cookie, "Cross Run");
    const visitorOnB = await stream(b);
    const coachOnB = await stream(b, coach.cookie);

    expect((await api(a, "POST", `/api/games/${gameId}/join`, rookie.cookie)).status).toBe(200);
    await visitorOnB.until(
      (s) => s.events.find((e) => e.data.type === "game.changed" && e.data.gameId === gameId),
      5_000,
    );
    await coachOnB.next("notifications.changed", 5_000);
    const count = await api(b, "GET", "/api/notifications/unread-count", coach.cookie);
    expect(count.json).toEqual({ count: 1 });
  });

  it("shares the delivery work: one e-mail and one push per player, whichever instance sent them", async () => {
    const coach = await signUp(a, "Coach");
    const players = [await signUp(a, "Ana"), await signUp(b, "Ben"), await signUp(a, "Cy")];
    const gameId = await newGame(b, coach.cookie, "Shared Run");
    for (const [i, p] of players.entries()) {
      expect((await api(i % 2 ? a : b, "POST", `/api/games/${gameId}/join`, p.cookie)).status).toBe(
        200,
      );
      const device = push.device(`shared-${i}`);
      expect(
        (await api(a, "POST", "/api/push/subscriptions", p.cookie, device.subscription)).status,
      ).toBe(204);
    }
    expect((await api(a, "POST", `/api/games/${gameId}/cancel`, coach.cookie)).status).toBe(200);

    for (const [i, p] of players.entries()) {
      await eventually(() =>
        smtp.received.some((m) => isNotificationMail(m) && m.to.includes(p.email)),
      );
      await eventually(() => push.received.some((r) => r.device === `shared-${i}`));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const [i, p] of players.entries()) {
      expect(
        smtp.received.filter((m) => isNotificationMail(m) && m.to.includes(p.email)),
      ).toHaveLength(1);
      expect(push.received.filter((r) => r.device === `shared-${i}`)).toHaveLength(1);
    }
    expect(push.problems).toEqual([]);
  });

  it("B's shared list of upcoming games shows a game made and joined through A, before it expires", async () => {
    const coach = await signUp(a, "Coach");
    const rookie = await signUp(a, "Rookie");
    const upcomingOnB = async () =>
      (await api(b, "GET", "/api/games/upcoming", "")).json as {
        id: number;
        currentPlayers: number;
      }[];
    await upcomingOnB(); // B now holds the shared list
    const gameId = await newGame(a, coach.cookie, "Listed Run");
    // Well within UPCOMING_ANSWER_MAX_AGE_MS (5 s): dropped by A's event, not by age.
    const seen = Date.now();
    await eventually(async () => (await upcomingOnB()).some((g) => g.id === gameId), 3_000);
    expect(Date.now() - seen).toBeLessThan(4_000);
    expect((await api(a, "POST", `/api/games/${gameId}/join`, rookie.cookie)).status).toBe(200);
    await eventually(
      async () => (await upcomingOnB()).find((g) => g.id === gameId)?.currentPlayers === 2,
      3_000,
    );
  });

  it("B's nearest games for a place show a game made through A there at once", async () => {
    const coach = await signUp(a, "Coach");
    const { rows } = await sql.query<{ latitude: number; longitude: number }>(
      "select latitude, longitude from courts where is_active order by id limit 1",
    );
    const place = rows[0];
    if (!place) throw new Error("no court");
    const nearestOnB = async () =>
      (await api(b, "GET", `/api/games/upcoming?lat=${place.latitude}&lng=${place.longitude}`, ""))
        .json as { id: number }[];
    await nearestOnB();
    const gameId = await newGame(a, coach.cookie, "Near Run");
    // Read per request: nothing on B to drop or to expire.
    const seen = Date.now();
    await eventually(async () => (await nearestOnB()).some((g) => g.id === gameId), 3_000);
    expect(Date.now() - seen).toBeLessThan(4_000);
  });

  it("B's nearby players drop a player who hides their location through A at once", async () => {
    const me = await signUp(b, "Seeker");
    const bro = await signUp(a, "Hider");
    for (const [instance, player, north] of [
      [b, me, 0],
      [a, bro, 0.02],
    ] as const) {
      const profile = { nickname: `n${seq}-${north}`, primaryPosition: "Center" };
      expect((await api(instance, "POST", "/api/profile", player.cookie, profile)).status).toBe(
        201,
      );
      const place = {
        city: "Los Angeles",
        state: "CA",
        latitude: 33.985 + north,
        longitude: -118.47,
      };
      expect((await api(instance, "POST", "/api/user/location", player.cookie, place)).status).toBe(
        200,
      );
    }
    const broNickname = `n${seq}-0.02`;
    const broOnB = async () =>
      ((await api(b, "GET", "/api/players/nearby", me.cookie)).json as { nickname: string }[]).some(
        (p) => p.nickname === broNickname,
      );
    expect(await broOnB()).toBe(true);
    const hidden = await api(a, "PATCH", "/api/user/settings", bro.cookie, {
      privacy: { showLocation: false },
    });
    expect(hidden.status).toBe(200);
    // Read per request: nothing on B to drop or to expire.
    const seen = Date.now();
    await eventually(async () => !(await broOnB()), 3_000);
    expect(Date.now() - seen).toBeLessThan(4_000);
  });

  it("B's LISTEN connection comes back by itself after its backend is killed", async () => {
    const coach = await signUp(a, "Coach");
    const rookie = await signUp(a, "Rookie");
    const gameId = await newGame(a, coach.cookie, "Outage Run");
    const visitorOnB = await stream(b);
    const killed = await sql.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid()",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    expect((await api(a, "POST", `/api/games/${gameId}/join`, rookie.cookie)).status).toBe(200);
    await visitorOnB.until((s) => s.events.some((e) => e.data.gameId === gameId), 20_000);
    expect(b.server.child.exitCode).toBeNull();
    expect(a.server.child.exitCode).toBeNull();
  });

  it("a kill -9 between an event and its delivery loses nothing: the restart delivers it", async () => {
    const coach = await signUp(a, "Coach");
    const rookie = await signUp(a, "Rookie");
    const gameId = await newGame(a, coach.cookie, "Crash Run");
    await api(a, "POST", `/api/games/${gameId}/join`, rookie.cookie);
    await smtp.stop();
    expect((await api(a, "POST", `/api/games/${gameId}/cancel`, coach.cookie)).status).toBe(200);
    // The delivery was tried and failed (SMTP down): the job waits for its retry.
    await eventually(async () => {
      const { rows } = await sql.query(
        `select j.state from pgboss.job j join notifications n on j.data->'notificationIds' @> to_jsonb(n.id)
         where j.name = 'notification-delivery' and n.kind = 'game_cancelled' and n.game_id = $1`,
        [gameId],
      );
      return rows[0]?.state === "retry";
    });
    await Promise.all([kill(a), kill(b)]);
    await smtp.start();
    expect(smtp.received.some((m) => isNotificationMail(m) && m.to.includes(rookie.email))).toBe(
      false,
    );

    a = await startInstance(a.port);
    await waitUntilHealthy(a.port, a.server);
    await eventually(
      () => smtp.received.some((m) => isNotificationMail(m) && m.to.includes(rookie.email)),
      60_000,
    );
    expect(
      smtp.received.filter((m) => isNotificationMail(m) && m.to.includes(rookie.email)),
    ).toHaveLength(1);
  }, 120_000);
});
