/**
 * Benchmark of a court page's reads at scale (not a test; prints figures):
 *
 *   node --import tsx bench/court-page.bench.ts [--courts 100000] [--check-ins 1000000] [--runs 20]
 *   TEST_DATABASE_URL=postgres://… node --import tsx bench/court-page.bench.ts
 *     (a server where a scratch database may be created and dropped: scripts/pg-cluster.sh)
 *
 * Fills a fresh database with 100,000 synthetic courts, 20,000 players and a million check-ins
 * over the last 13 weeks, spread the way real use is (court drawn with random()^3: a few courts
 * get thousands of visits, most a handful), plus games with results, ratings and condition
 * reports with confirmations. The check-ins go in already ended, so the triggers fill the
 * hourly counts popular times read, as they do when check-ins end in use. Then, for the busiest court and a typical one, times each of the page's reads through
 * inject() one request at a time against GET /api/healthz in the same run, and EXPLAINs every
 * query each read sent to the database: the big tables must be reached through an index, never
 * scanned whole.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { seedManyCourts } from "../scripts/seed-many-courts.ts";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, type Db, openPglite, openPostgres } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { invalidatePopularTimes } from "../server/modules/court-page/popular-times.ts";
import { invalidateLeaderboards } from "../server/modules/leaderboard/shared-boards.ts";
import { scratchDatabase } from "../server/test-support/scratch-database.ts";
import { insertPastCheckIns } from "./support/past-check-ins.ts";
import { timeRequests } from "./support/time-requests.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const COURTS = arg("courts", 100_000);
const CHECK_INS = arg("check-ins", 1_000_000);
const PLAYERS = arg("players", 20_000);
const GAMES = arg("games", 20_000);
const RUNS = arg("runs", 20);
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Tables big enough that reading one whole would be a scan worth failing. */
const BIG_TABLES = new Set([
  "court_check_ins",
  "court_hourly_visits",
  "courts",
  "games",
  "game_participants",
  "users",
  "player_profiles",
  "court_ratings",
  "court_condition_reports",
  "court_condition_confirmations",
]);

type Captured = { query: string; params: unknown[] };
const captured: Captured[] = [];
const logger = {
  logQuery(query: string, params: unknown[]) {
    captured.push({ query, params });
  },
};

/** A database whose every query is recorded (for EXPLAIN), with a raw runner for the plans. */
async function openBenchDatabase(): Promise<{
  database: Database;
  explain: (query: string, params: unknown[]) => Promise<unknown>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (!adminUrl) {
    database = await openPglite(undefined, { logger });
  } else {
    const scratch = await scratchDatabase(adminUrl, "bwb_bench");
    const opened = openPostgres(scratch.url, { logger });
    database = {
      ...opened,
      async close() {
        await opened.close();
        await scratch.drop();
      },
    };
  }
  return {
    database,
    explain: async (query, params) =>
      (await database.execute(`explain (format json) ${query}`, params)).rows[0]?.["QUERY PLAN"],
  };
}

/** Everything in set-based statements: row-by-row inserts would take hours. */
async function seed(db: Db) {
  await seedManyCourts(db, COURTS);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into users (email, first_name)
    select 'bench' || i || '@example.com', 'Bench' from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`insert into player_profiles (user_id, nickname, primary_position)
    select id, 'Baller ' || row_number() over (order by id), 'Point Guard' from users`);
  await db.execute(sql`insert into user_settings (user_id, show_stats, show_location)
    select id, random() > 0.5, random() > 0.5 from users where random() < 0.1`);
  // Also the players and courts numbered for the draws below (bench_players, bench_courts).
  await insertPastCheckIns(db, CHECK_INS);
  await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at, max_players, current_players)
    select c.id, p.id, now() - interval '3 hours' - random() * interval '120 days', 10, 1
    from (
      select floor(power(random(), 3) * ${COURTS})::int as court_n,
        1 + floor(random() * ${PLAYERS})::int as player_n
      from generate_series(1, ${GAMES})
    ) draws
    join bench_courts c on c.n = draws.court_n
    join bench_players p on p.n = draws.player_n`);
  await db.execute(sql`insert into game_participants (game_id, user_id, status)
    select id, organizer_id, 'confirmed' from games`);
  await db.execute(sql`insert into game_participants (game_id, user_id)
    select picks.game_id, p.id from (
      select g.id as game_id, 1 + floor(random() * ${PLAYERS})::int as n
      from games g cross join lateral generate_series(1, 5 + floor(random() * 5)::int + 0 * g.id) k
    ) picks
    join bench_players p on p.n = picks.n
    on conflict do nothing`);
  await db.execute(sql`update games set current_players = seats.n
    from (select game_id, count(*)::int as n from game_participants group by game_id) seats
    where seats.game_id = games.id`);
  await db.execute(sql`insert into game_results (game_id, team_a_score, team_b_score, recorded_by)
    select id, 21, floor(random() * 21)::int, organizer_id from games where random() < 0.8`);
  await db.execute(sql`update game_participants set team = case when random() < 0.5 then 'A' else 'B' end
    where game_id in (select game_id from game_results)`);
  // Ratings and reports at the busy courts.
  await db.execute(sql`insert into court_ratings (court_id, user_id, rating)
    select c.id, p.id, 1 + floor(random() * 5)::int
    from (select floor(power(random(), 3) * ${COURTS})::int as court_n, 1 + floor(random() * ${PLAYERS})::int as player_n
      from generate_series(1, 100000)) draws
    join bench_courts c on c.n = draws.court_n
    join bench_players p on p.n = draws.player_n
    on conflict do nothing`);
  await db.execute(sql`insert into court_condition_reports (court_id, user_id, kind, basis, created_at, expires_at)
    select c.id, p.id, (array['court_full','lights_out','nets_missing','surface_wet'])[1 + floor(random() * 4)::int],
      'check_in', at, at + interval '3 hours'
    from (select floor(power(random(), 3) * ${COURTS})::int as court_n, 1 + floor(random() * ${PLAYERS})::int as player_n,
        now() - random() * interval '60 days' as at
      from generate_series(1, 200000)) draws
    join bench_courts c on c.n = draws.court_n
    join bench_players p on p.n = draws.player_n`);
  await db.execute(sql`insert into court_condition_confirmations (report_id, user_id, basis)
    select r.id, p.id, 'check_in'
    from court_condition_reports r
    join bench_players p on p.n = 1 + (r.id * 7919) % ${PLAYERS}
    where r.user_id <> p.id and random() < 0.5`);
  await db.execute(sql`analyze`);
}

/**
 * `cold`: popular times and Court Kings are shared per court for a while (per instance); the
 * shared answers are dropped before every request so each one computes its answer.
 */
async function timeRoute(app: FastifyInstance, url: string, cookie?: string, cold = true) {
  const request = () => {
    if (cold) {
      invalidatePopularTimes(db);
      invalidateLeaderboards(db);
    }
    return app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  };
  return timeRequests(url, request, RUNS);
}

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

/** How each big table is reached in a plan: "court_check_ins: Index Scan (…_court_time_idx)". */
function accesses(node: PlanNode, found: string[] = []): string[] {
  const relation = node["Relation Name"];
  if (relation && BIG_TABLES.has(relation)) {
    found.push(
      `${relation}: ${node["Node Type"]}${node["Index Name"] ? ` (${node["Index Name"]})` : ""}`,
    );
  }
  for (const child of node.Plans ?? []) accesses(child, found);
  return found;
}

/** The queries one request sent, each reduced to how it reaches the big tables. */
async function plansOf(
  app: FastifyInstance,
  explain: (query: string, params: unknown[]) => Promise<unknown>,
  url: string,
  cookie?: string,
) {
  invalidatePopularTimes(db);
  invalidateLeaderboards(db);
  captured.length = 0;
  await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const queries = captured
    .splice(0)
    .filter((q) => !/^\s*(select 1|insert into "sessions"|update "sessions")/i.test(q.query));
  const found = new Set<string>();
  for (const { query, params } of queries) {
    if (!/^\s*(select|with)/i.test(query)) continue;
    const [plan] = (await explain(query, params)) as [{ Plan: PlanNode }];
    for (const access of accesses(plan.Plan)) found.add(access);
  }
  return [...found];
}

const { database, explain } = await openBenchDatabase();
const db = database.db;
await migrateDatabase(database);
captured.length = 0;
const started = performance.now();
await seed(db);
captured.length = 0;
const [counts] = (
  (await db.execute(sql`select
    (select count(*) from courts)::int as courts,
    (select count(*) from court_check_ins)::int as check_ins,
    (select count(*) from users)::int as players,
    (select count(*) from games)::int as games,
    (select count(*) from game_participants)::int as seats,
    (select count(*) from court_ratings)::int as ratings,
    (select count(*) from court_condition_reports)::int as reports`)) as unknown as {
    rows: Record<string, number>[];
  }
).rows;
console.log(
  `${database.kind}: ${JSON.stringify(counts)} seeded in ${ms(performance.now() - started)}`,
);

const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
await app.ready();
try {
  const courtsByVisits = (
    (await db.execute(sql`select court_id as id, count(*)::int as n from court_check_ins
      where checked_in_at > now() - interval '8 weeks' group by court_id order by n desc`)) as unknown as {
      rows: { id: number; n: number }[];
    }
  ).rows;
  const busiest = courtsByVisits[0];
  const typical = courtsByVisits[Math.floor(courtsByVisits.length / 2)];
  if (!busiest || !typical) throw new Error("no check-ins");
  const [viewer] = (
    (await db.execute(sql`select id from users order by id limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const session = await createSession(db, viewer?.id as string);
  const cookie = `${SESSION_COOKIE}=${app.signCookie(session.sid)}`;
  captured.length = 0;

  console.log(`\nOne request at a time through inject(), ${RUNS} runs after 3 warm-ups`);
  const health = await timeRoute(app, "/api/healthz");
  console.log(
    `  ${"/api/healthz".padEnd(52)} median ${ms(health.median).padStart(8)}  p95 ${ms(health.p95).padStart(8)}`,
  );
  const problems: string[] = [];
  for (const [label, court] of [
    [`busiest court (${busiest.n} check-ins in 8 weeks)`, busiest.id],
    [`typical court (${typical.n} check-ins in 8 weeks)`, typical.id],
  ] as const) {
    console.log(`\n  ${label}`);
    for (const [read, withCookie, cold = true] of [
      ["", cookie],
      ["/presence", cookie],
      ["/popular-times", undefined],
      ["/popular-times", undefined, false],
      ["/kings", undefined],
      ["/kings", undefined, false],
      ["/conditions", cookie],
      ["/rating", cookie],
      ["/recent-games", undefined],
      ["/games", undefined],
    ] as const) {
      const url = `/api/courts/${court}${read}`;
      const r = await timeRoute(app, url, withCookie, cold);
      // A shared answer sends no query: the plans are those of the computed read above.
      const plan = cold ? await plansOf(app, explain, url, withCookie) : [];
      const scans = plan.filter((access) => /Seq Scan/.test(access));
      if (scans.length > 0) problems.push(`${url}: ${scans.join(", ")}`);
      console.log(
        `    GET /api/courts/{id}${`${read}${cold ? "" : " (shared answer)"}`.padEnd(30)} median ${ms(r.median).padStart(8)}  p95 ${ms(r.p95).padStart(8)}  ` +
          `ratio to healthz ${(r.median / health.median).toFixed(1)}x`,
      );
      if (cold) console.log(`      ${plan.join("; ") || "no big table"}`);
    }
  }
  console.log(
    problems.length === 0
      ? "\nEvery read reaches the big tables through an index."
      : `\nWhole-table scans:\n  ${problems.join("\n  ")}`,
  );
} finally {
  await app.close();
  await database.close();
}
