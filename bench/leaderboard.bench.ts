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
import { POSITIONS } from "../common/constants.ts";
import { GAME_DURATION_MINUTES } from "../common/games.ts";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import type { Db } from "../server/db/client.ts";
import { invalidateLeaderboards } from "../server/modules/leaderboard/shared-boards.ts";
import { openTestDatabase } from "../server/test-support/test-database.ts";
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
const CITIES = [
  ["Los Angeles", "CA"],
  ["New York", "NY"],
  ["Chicago", "IL"],
  ["Houston", "TX"],
  ["Phoenix", "AZ"],
  ["Philadelphia", "PA"],
  ["San Antonio", "TX"],
  ["San Diego", "CA"],
  ["Dallas", "TX"],
  ["Austin", "TX"],
  ["Jacksonville", "FL"],
  ["San Jose", "CA"],
  ["Fort Worth", "TX"],
  ["Columbus", "OH"],
  ["Charlotte", "NC"],
  ["Indianapolis", "IN"],
  ["San Francisco", "CA"],
  ["Seattle", "WA"],
  ["Denver", "CO"],
  ["Oklahoma City", "OK"],
  ["Nashville", "TN"],
  ["Washington", "DC"],
  ["El Paso", "TX"],
  ["Las Vegas", "NV"],
  ["Boston", "MA"],
  ["Detroit", "MI"],
  ["Portland", "OR"],
  ["Louisville", "KY"],
  ["Memphis", "TN"],
  ["Baltimore", "MD"],
  ["Milwaukee", "WI"],
  ["Albuquerque", "NM"],
  ["Tucson", "AZ"],
  ["Fresno", "CA"],
  ["Sacramento", "CA"],
  ["Mesa", "AZ"],
  ["Atlanta", "GA"],
  ["Kansas City", "MO"],
  ["Omaha", "NE"],
  ["Miami", "FL"],
] as const;

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}]`);

/** Everything in a few set-based statements: row-by-row inserts would take minutes. */
async function seed(db: Db) {
  const cities = textArray(CITIES.map(([city]) => city));
  const states = textArray(CITIES.map(([, state]) => state));
  const positions = textArray(POSITIONS);
  const duration = sql.raw(`interval '${GAME_DURATION_MINUTES} minutes'`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into users (email, first_name, city, state)
    select 'bench' || i || '@example.com', 'Bench', (${cities})[1 + i % ${CITIES.length}],
      (${states})[1 + i % ${CITIES.length}]
    from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`insert into player_profiles (user_id, nickname, primary_position, location, created_at)
    select id, 'Baller ' || row_number() over (order by id), (${positions})[1 + floor(random() * 5)::int],
      case when random() < 0.3 then 'Venice Beach' end, now() - random() * interval '365 days'
    from users`);
  await db.execute(sql`insert into user_settings (user_id, show_stats, show_location)
    select id, random() > 0.5, random() > 0.5 from users where random() < 0.1`);
  await db.execute(sql`create temporary table bench_players as
    select row_number() over (order by id) as n, id from users`);
  await db.execute(sql`create index on bench_players (n)`);
  await db.execute(sql`insert into courts (name, latitude, longitude, time_zone)
    select 'Bench Court ' || i, 34 + random(), -118 + random(), 'America/Los_Angeles'
    from generate_series(1, ${COURTS}) i`);
  // Organizers and seats drawn with random()^3: a few players play most games.
  await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at, max_players, current_players, status)
    select draws.court_id, p.id, draws.scheduled_at, 10, 1, draws.status
    from (
      select (select min(id) from courts) + floor(random() * ${COURTS})::int as court_id,
        1 + floor(power(random(), 3) * ${PLAYERS})::int as n,
        now() - ${duration} - random() * interval '60 days' as scheduled_at,
        case when random() < 0.03 then 'cancelled' else 'open' end as status
      from generate_series(1, ${GAMES})
    ) draws
    join bench_players p on p.n = draws.n`);
  await db.execute(sql`insert into game_participants (game_id, user_id, status)
    select id, organizer_id, 'confirmed' from games`);
  // Draws first, then an equality join: a random() inside the join condition would force a
  // nested loop over every game and player.
  await db.execute(sql`insert into game_participants (game_id, user_id)
    select picks.game_id, p.id from (
      select g.id as game_id, 1 + floor(power(random(), 3) * ${PLAYERS})::int as n
      from games g cross join lateral generate_series(1, 5 + floor(random() * 5)::int + 0 * g.id) k
    ) picks
    join bench_players p on p.n = picks.n
    on conflict do nothing`);
  await db.execute(sql`update games set current_players = seats.n
    from (select game_id, count(*)::int as n from game_participants group by game_id) seats
    where seats.game_id = games.id`);
  await db.execute(sql`insert into game_results (game_id, team_a_score, team_b_score, recorded_by)
    select id, 21, floor(random() * 21)::int + case when random() < 0.5 then 0 else 22 end, organizer_id
    from games where status = 'open' and random() < 0.8`);
  await db.execute(sql`update game_participants set team = case when random() < 0.5 then 'A' else 'B' end
    where game_id in (select game_id from game_results)`);
  await db.execute(sql`insert into player_ratings (game_id, rater_id, ratee_id, rating)
    select gp.game_id, gp.user_id, g.organizer_id, 3 + floor(random() * 3)::int
    from game_participants gp join games g on g.id = gp.game_id
    where gp.user_id <> g.organizer_id and g.status = 'open'`);
  await db.execute(sql`analyze`);
}

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
await seed(db);
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
  `${database.kind}: ${JSON.stringify(counts)} seeded in ${ms(performance.now() - started)}`,
);

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
