/**
 * Benchmark of notifications and live events (not a test; prints figures):
 *
 *   node --import tsx bench/notifications.bench.ts [--pairs 600] [--streams 1000] [--players 50000]
 *   TEST_DATABASE_URL=postgres://… node --import tsx bench/notifications.bench.ts
 *     (a server where a scratch database may be created and dropped: scripts/pg-cluster.sh)
 *
 * In one run, on one fresh database:
 *  1. joins and leaves per second with notifications (the games service as shipped: the
 *     organizer's notification, its delivery job and the live events in each transaction),
 *     against the same seat transaction without them, alternating rounds so both see the same
 *     machine; on PostgreSQL 8 at a time on the pool;
 *  2. one live event reaching N open Server-Sent Events streams on one instance: from the
 *     commit to the last stream receiving it (the streams are read in this same process, so
 *     the figure includes reading them);
 *  3. the bell's unread count with a notification history for 50,000 players, against
 *     GET /api/healthz, and the query plan that shows it reads the unread index only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import type { Db } from "../server/db/client.ts";
import { gameParticipants, games, users } from "../server/db/schema.ts";
import { gameChanged, publish } from "../server/modules/events/publish.ts";
import { joinGame, leaveGame } from "../server/modules/games/service.ts";
import { openTestDatabase } from "../server/test-support/test-database.ts";
import { bareJoin, bareLeave } from "./support/bare-seats.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const PAIRS = arg("pairs", 600);
const STREAMS = arg("streams", 1000);
const PLAYERS = arg("players", 50_000);
const ROUNDS = 4;
const GAMES = 40;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const database = await openTestDatabase();
const db = database.db;
const concurrency = database.kind === "postgres" ? 8 : 1;
console.log(`${database.kind}, ${concurrency} at a time`);

// ── 1. Joins and leaves ─────────────────────────────────────────────────────────────────────

const joinWithout = (userId: string, gameId: number) => bareJoin(db, userId, gameId);
const leaveWithout = (userId: string, gameId: number) => bareLeave(db, userId, gameId);

const [court] = await rows<{ id: number }>(
  db,
  sql`insert into courts (name, latitude, longitude, time_zone) values ('Bench Court', 34.05, -118.25, 'America/Los_Angeles') returning id`,
);
const people = (
  await db
    .insert(users)
    .values(
      Array.from({ length: GAMES + concurrency * 4 }, (_, i) => ({ firstName: `Bench ${i}` })),
    )
    .returning({ id: users.id })
).map((u) => u.id);
const organizers = people.slice(0, GAMES);
const joiners = people.slice(GAMES);
const gameIds: number[] = [];
for (const organizerId of organizers) {
  const [game] = await db
    .insert(games)
    .values({
      courtId: court?.id ?? 0,
      organizerId,
      scheduledAt: new Date(Date.now() + 48 * 3_600_000),
      maxPlayers: 30,
      currentPlayers: 1,
    })
    .returning({ id: games.id });
  await db
    .insert(gameParticipants)
    .values({ gameId: game?.id ?? 0, userId: organizerId, status: "confirmed" });
  gameIds.push(game?.id ?? 0);
}

/** `pairs` join-then-leave pairs, `concurrency` players at a time, each on its own games. */
async function pairsPerSecond(
  join: (u: string, g: number) => Promise<unknown>,
  leave: (u: string, g: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    joiners.slice(0, concurrency).map(async (player, lane) => {
      for (;;) {
        const i = next++;
        if (i >= PAIRS) return;
        const gameId = gameIds[(i * 7 + lane) % gameIds.length] as number;
        await join(player, gameId);
        await leave(player, gameId);
      }
    }),
  );
  return (PAIRS * 2) / ((performance.now() - started) / 1000);
}

const withNotifications: number[] = [];
const without: number[] = [];
await pairsPerSecond(joinWithout, leaveWithout); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  without.push(await pairsPerSecond(joinWithout, leaveWithout));
  withNotifications.push(
    await pairsPerSecond(
      (u, g) => joinGame(db, u, g),
      (u, g) => leaveGame(db, u, g),
    ),
  );
}
const on = median(withNotifications);
const off = median(without);
console.log(
  `\n1. Join and leave transactions, ${PAIRS} pairs per round, median of ${ROUNDS} rounds`,
);
console.log(`  without notifications  ${off.toFixed(0).padStart(6)} tx/s`);
console.log(
  `  with notifications     ${on.toFixed(0).padStart(6)} tx/s   ratio ${(on / off).toFixed(2)}`,
);

// ── 2. One event to many streams ────────────────────────────────────────────────────────────

const app = await buildApp({
  database,
  config: loadConfig({ NODE_ENV: "test" }),
  liveLimits: { perAddress: STREAMS + 10, heartbeatMs: 60_000 },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

type Stream = { request: http.ClientRequest; received: Map<number, number> };
const streams: Stream[] = await Promise.all(
  Array.from(
    { length: STREAMS },
    () =>
      new Promise<Stream>((resolve, reject) => {
        const received = new Map<number, number>();
        const request = http.get(
          { host: "127.0.0.1", port, path: "/api/events", agent },
          (response) => {
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => {
              const at = performance.now();
              for (const match of chunk.matchAll(/"gameId":(\d+)/g))
                received.set(Number(match[1]), at);
            });
            resolve({ request, received });
          },
        );
        request.on("error", reject);
      }),
  ),
);
console.log(`\n2. One event to ${app.liveHub.streamCount} open streams on one instance`);
const lasts: number[] = [];
const halves: number[] = [];
for (let round = 0; round < 5; round++) {
  const marker = 900_000 + round;
  let committedAt = 0;
  await db.transaction(async (tx) => {
    await publish(tx, [gameChanged(marker, court?.id ?? 0)]);
    committedAt = performance.now();
  });
  const deadline = Date.now() + 30_000;
  while (streams.some((s) => !s.received.has(marker)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const times = streams
    .map((s) => (s.received.get(marker) ?? Number.NaN) - committedAt)
    .sort((a, b) => a - b);
  if (times.some(Number.isNaN)) throw new Error("a stream missed the event");
  lasts.push(times.at(-1) ?? 0);
  halves.push(times[Math.floor(times.length / 2)] ?? 0);
}
console.log(`  commit to half the streams  median ${ms(median(halves))}`);
console.log(`  commit to the last stream   median ${ms(median(lasts))} (of 5 events)`);
for (const s of streams) s.request.destroy();
agent.destroy();

// ── 3. The bell at 50,000 players ───────────────────────────────────────────────────────────

const seeding = performance.now();
await db.execute(sql`insert into users (email, first_name)
  select 'bell' || i || '@example.com', 'Bell' from generate_series(1, ${PLAYERS}) i`);
// About 12 notifications each, a third of them unread; one player has 400 unread.
await db.execute(sql`insert into notifications (user_id, kind, payload, dedupe_key, created_at, read_at)
  select u.id, 'badge_earned', '{"badgeType":"iron_bro"}'::jsonb, 'bench:' || k, now() - k * interval '1 hour',
    case when random() < 0.66 then now() end
  from users u cross join generate_series(1, 12) k
  where u.email like 'bell%'`);
const [heavy] = await rows<{ id: string }>(
  db,
  sql`select id from users where email = 'bell1@example.com'`,
);
await db.execute(sql`insert into notifications (user_id, kind, payload, dedupe_key)
  select ${heavy?.id}, 'badge_earned', '{"badgeType":"legend"}'::jsonb, 'heavy:' || k
  from generate_series(1, 400) k`);
await db.execute(sql`vacuum analyze notifications`);
const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from notifications`);
console.log(
  `\n3. The bell: ${total?.n} notifications of ${PLAYERS} players, seeded in ${ms(performance.now() - seeding)}`,
);

const [typical] = await rows<{ id: string }>(
  db,
  sql`select id from users where email = 'bell777@example.com'`,
);
const cookieOf = async (userId: string) =>
  `${SESSION_COOKIE}=${app.signCookie((await createSession(db, userId)).sid)}`;
async function time(url: string, cookie?: string) {
  const request = () => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  for (let i = 0; i < 5; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  }
  return median(times);
}
const health = await time("/api/healthz");
for (const [label, userId] of [
  ["a typical player", typical?.id],
  ["a player with 400 unread (99+)", heavy?.id],
] as const) {
  const t = await time("/api/notifications/unread-count", await cookieOf(userId ?? ""));
  console.log(
    `  unread count, ${label.padEnd(32)} median ${ms(t).padStart(8)}   ratio to healthz ${(t / health).toFixed(2)}x`,
  );
}
const plan = await rows<Record<string, string>>(
  db,
  sql`explain select count(*) from (select id from notifications
    where user_id = ${typical?.id ?? ""} and read_at is null limit 100) unread`,
);
console.log(
  `  plan: ${plan
    .map((r) => Object.values(r)[0])
    .filter((line) => /Scan/.test(line ?? ""))
    .map((l) => l?.trim())
    .join(" | ")}`,
);

await app.close();
await database.close();
