/**
 * Benchmark of the leaderboards and a player's stats at scale (not a test; prints figures):
 *
 *   node --import tsx bench/leaderboard.bench.ts [--players 50000] [--games 5000] [--runs 20]
 *   TEST_DATABASE_URL=postgres://… node --import tsx bench/leaderboard.bench.ts
 *     (a server where a scratch database may be created and dropped: scripts/pg-cluster.sh)
 *
 * Fills a fresh database with N players with profiles (in 40 cities, some hiding their stats
 * or location), past games with 6 to 10 seats (a few players play most of them, as in real
 * life), results for most of them and ratings, then times each route through inject() one
 * request at a time against GET /api/healthz in the same run: the ratio says what a route costs
 * beyond a request doing one trivial query, whatever the machine.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { leaderboardGlobal, leaderboardWeekly } from "../server/modules/leaderboard/service.ts";
import { invalidateLeaderboards } from "../server/modules/leaderboard/shared-boards.ts";
import { playerStats } from "../server/modules/profile/service.ts";
import { openTestDatabase } from "../server/test-support/test-database.ts";
import { seedWithKeptTotals } from "./support/kept-totals.ts";
import { timeRequests } from "./support/time-requests.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const PLAYERS = arg("players", 50_000);
const GAMES = arg("games", 5_000);
const RUNS = arg("runs", 20);
const COURTS = 200;

const ms = (n: number) => `${n.toFixed(1)} ms`;
/**
 * `cold`: the shared boards are dropped before every request, so each one computes its board
 * (what a viewer pays after a change, or once per BOARD_MAX_AGE_MS per instance); otherwise
 * viewers within the window share one answer.
 */
async function timeRoute(app: FastifyInstance, url: string, cookie?: string, cold = true) {
  const request = () => {
    if (cold) invalidateLeaderboards(db);
    return app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  };
  return timeRequests(url, request, RUNS);
}

const database = await openTestDatabase();
const db = database.db;
const started = performance.now();
const backfill = await seedWithKeptTotals(database, {
  players: PLAYERS,
  games: GAMES,
  courts: COURTS,
});
const [counts] = (
  (await db.execute(sql`select
    (select count(*) from users)::int as players,
    (select count(*) from games)::int as games,
    (select count(*) from game_participants)::int as seats,
    (select count(*) from game_results)::int as results,
    (select count(*) from player_ratings)::int as ratings`)) as unknown as {
    rows: Record<string, number>[];
  }
).rows;
console.log(
  `${database.kind}: ${JSON.stringify(counts)} seeded in ${ms(performance.now() - started)}, ` +
    `kept totals backfilled in ${ms(backfill)}`,
);

/** Direct calls, one at a time: the median of RUNS after 3 warm-ups. */
async function timeCall(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
await app.ready();
try {
  // The busiest player signed in, for their own stats and their city's board.
  const [busiest] = (
    (await db.execute(sql`select user_id from game_participants
      group by user_id order by count(*) desc limit 1`)) as unknown as {
      rows: { user_id: string }[];
    }
  ).rows;
  if (!busiest) throw new Error("no player has a seat");
  const session = await createSession(db, busiest.user_id);
  const cookie = `${SESSION_COOKIE}=${app.signCookie(session.sid)}`;
  const top = (await app.inject({ method: "GET", url: "/api/leaderboard/cities" })).json()[0];
  const local = `/api/leaderboard/local?${new URLSearchParams({ city: top.city, state: top.state })}`;

  // A board recompute and a regular's stats from the kept totals (decision 052), without
  // HTTP; the routes below add the request's own cost.
  const seats = Number(
    (
      (await db.execute(
        sql`select count(*)::int as n from game_participants where user_id = ${busiest.user_id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n,
  );
  // A regular: the player whose seats are nearest the regular (1,100 seats).
  const [regular] = (
    (await db.execute(sql`select user_id, count(*)::int as n from game_participants
      group by user_id order by abs(count(*) - 1100), user_id limit 1`)) as unknown as {
      rows: { user_id: string; n: number }[];
    }
  ).rows;
  if (!regular) throw new Error("no regular");
  console.log(`\nKept totals, direct calls (median of ${RUNS})`);
  console.log(
    `  stats of a regular (${regular.n} seats)  ${ms(await timeCall(() => playerStats(db, regular.user_id)))}`,
  );
  console.log(
    `  global board recompute           ${ms(await timeCall(() => leaderboardGlobal(db)))}`,
  );
  console.log(
    `  weekly board recompute           ${ms(await timeCall(() => leaderboardWeekly(db)))}`,
  );
  console.log(
    `  stats of the busiest (${seats} seats)  ${ms(await timeCall(() => playerStats(db, busiest.user_id)))}`,
  );

  console.log(`\nOne request at a time through inject(), ${RUNS} runs after 3 warm-ups`);
  const health = await timeRoute(app, "/api/healthz");
  const rows: [string, string, string | undefined, boolean?][] = [
    ["/api/healthz", "/api/healthz", undefined],
    ["/api/leaderboard/global", "/api/leaderboard/global", undefined],
    ["/api/leaderboard/global (shared answer)", "/api/leaderboard/global", undefined, false],
    ["/api/leaderboard/weekly", "/api/leaderboard/weekly", undefined],
    [`/api/leaderboard/local (${top.city}, ${top.players})`, local, undefined],
    ["/api/leaderboard/local (own city)", "/api/leaderboard/local", cookie],
    ["/api/leaderboard/cities", "/api/leaderboard/cities", undefined],
    ["/api/user/stats (busiest player)", "/api/user/stats", cookie],
  ];
  for (const [label, url, withCookie, cold] of rows) {
    const r = url === "/api/healthz" ? health : await timeRoute(app, url, withCookie, cold);
    console.log(
      `  ${label.padEnd(44)} median ${ms(r.median).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ` +
        `ratio to healthz ${(r.median / health.median).toFixed(1)}x`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
