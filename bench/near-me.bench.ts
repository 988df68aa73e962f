/**
 * Benchmark of the two "near me" reads at city densities (issue 37, item 6; not a test; prints
 * figures):
 *
 *   TEST_DATABASE_URL=postgres://… node --import tsx bench/near-me.bench.ts
 *     [--players 1000,50000,250000] [--connections 50] [--seconds 10] [--runs 3] [--callers 200]
 *     [--keep] [--database postgres://…/kept]  (a database --keep left: measured, not seeded)
 *
 * For each size, a fresh PostgreSQL database (created on TEST_DATABASE_URL's server, dropped
 * after) with `players` players, a fifth as many courts and four upcoming games per player, all
 * within about 30 miles of one of 40 metro centres (so a metro holds players / 40 of them,
 * crowded as a real city is); a tenth of the players hide their location, a third are not
 * available, skills drawn 1–5. The server runs as its own process in production mode from its
 * sources, and Debian's wrk loads it over HTTP with `connections` connections, rotating the
 * sessions of `callers` players spread over the metros: per run /api/healthz, then nearby
 * players, then the nearest upcoming games (signed in, from the saved position), each
 * `seconds` long. Prints each run's req/s, p99 and the ratio to healthz in that run, and the
 * server's resident memory at rest (healthy, before any load) and its highest while loaded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { queryRows } from "../server/db/query-rows.ts";
import { scratchDatabase } from "../server/test-support/scratch-database.ts";
import { freePort, spawnServer, waitUntilHealthy } from "../server/test-support/server-process.ts";
import type { Load } from "./support/time-requests.ts";
import { wrkLoad } from "./support/wrk.ts";

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const SIZES = option("players", "1000,50000,250000").split(",").map(Number);
const CONNECTIONS = Number(option("connections", "50"));
const SECONDS = Number(option("seconds", "10"));
const RUNS = Number(option("runs", "3"));
const CALLERS = Number(option("callers", "200"));
const SECRET = "near-me-bench-secret-near-me-bench-secret-near-me";

/** 40 metro centres (the largest US metro areas). */
const METROS: readonly (readonly [number, number])[] = [
  [40.71, -74.0],
  [34.05, -118.25],
  [41.88, -87.63],
  [32.78, -96.8],
  [29.76, -95.37],
  [38.91, -77.04],
  [25.76, -80.19],
  [39.95, -75.17],
  [33.75, -84.39],
  [33.45, -112.07],
  [42.36, -71.06],
  [37.77, -122.42],
  [33.95, -117.4],
  [42.33, -83.05],
  [47.61, -122.33],
  [44.98, -93.27],
  [32.72, -117.16],
  [27.95, -82.46],
  [39.74, -104.99],
  [38.63, -90.2],
  [39.29, -76.61],
  [35.23, -80.84],
  [28.54, -81.38],
  [29.42, -98.49],
  [45.52, -122.68],
  [38.58, -121.49],
  [40.44, -80.0],
  [36.17, -115.14],
  [30.27, -97.74],
  [39.1, -84.51],
  [39.1, -94.58],
  [39.96, -83.0],
  [39.77, -86.16],
  [41.5, -81.69],
  [37.34, -121.89],
  [36.16, -86.78],
  [36.85, -75.98],
  [41.82, -71.41],
  [43.04, -87.91],
  [30.33, -81.66],
];
const metroArray = (axis: 0 | 1) => sql.raw(`array[${METROS.map((m) => m[axis]).join(", ")}]`);

/** A latitude and longitude within 30 miles of metro `metro` (an SQL int), uniform on the disc. */
const inMetro = (metro: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) => ({
  latitude: sql`(${metroArray(0)})[${metro}] + miles * cos(angle) / 69.0`,
  longitude: sql`(${metroArray(1)})[${metro}] + miles * sin(angle) / (69.0 * cos(radians((${metroArray(0)})[${metro}])))`,
});

async function seed(url: string, players: number) {
  const database = await openConfiguredDatabase({ databaseUrl: url, dataDir: "" });
  const { db } = database;
  const started = performance.now();
  try {
    await migrateDatabase(database);
    await db.execute(sql`select setseed(0.37)`);
    const player = inMetro(sql`metro`);
    await db.execute(sql`insert into users (email, first_name, latitude, longitude, city, has_completed_onboarding)
      select 'near' || i || '@example.com', 'Player', ${player.latitude}, ${player.longitude}, 'Metro ' || metro, true
      from (select i, 1 + i % ${METROS.length} as metro, 30 * sqrt(random()) as miles,
              2 * pi() * random() as angle from generate_series(1, ${players}) i) draw`);
    await db.execute(sql`insert into player_profiles (user_id, nickname, primary_position, skill_handles,
        skill_shot, skill_iq, skill_vert, skill_defense, is_available)
      select id, 'Baller ' || id, 'Guard', 1 + floor(random() * 5)::int, 1 + floor(random() * 5)::int,
        1 + floor(random() * 5)::int, 1 + floor(random() * 5)::int, 1 + floor(random() * 5)::int,
        random() < 0.67
      from users`);
    await db.execute(sql`insert into user_settings (user_id, show_location)
      select id, false from users where random() < 0.1`);
    const courts = METROS.length * Math.max(1, Math.round(players / 5 / METROS.length));
    await db.execute(sql`insert into courts (name, latitude, longitude, city, time_zone)
      select 'Court ' || i, ${player.latitude}, ${player.longitude}, 'Metro ' || metro, 'America/Chicago'
      from (select i, 1 + i % ${METROS.length} as metro, 30 * sqrt(random()) as miles,
              2 * pi() * random() as angle from generate_series(1, ${courts}) i) draw`);
    // Four upcoming games per player over the next 30 days, at courts of the organizer's metro.
    const perMetro = Math.floor(courts / METROS.length);
    await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at, max_players, current_players)
      select c.id, u.id, now() + interval '1 hour' + random() * interval '30 days', 10, 1
      from (select floor(random() * ${players})::int as user_n, floor(random() * ${perMetro})::int as court_k
            from generate_series(1, ${4 * players})) draw
      join (select id, split_part(city, ' ', 2)::int as metro,
              (row_number() over (order by id))::int - 1 as n from users) u on u.n = draw.user_n
      join (select id, split_part(city, ' ', 2)::int as metro,
              (row_number() over (partition by city order by id))::int - 1 as k from courts) c
        on c.metro = u.metro and c.k = draw.court_k`);
    await db.execute(sql`insert into game_participants (game_id, user_id, status)
      select id, organizer_id, 'confirmed' from games on conflict do nothing`);
    await db.execute(sql`vacuum analyze`);
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*)::int from users) as players, (select count(*)::int from courts) as courts,
        (select count(*)::int from games) as games`,
    );
    console.log(
      `\n${JSON.stringify(counts)} seeded in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  } finally {
    await database.close();
  }
  return signedInCallers(url);
}

/** Callers: players who show their location, spread over the metros, each with a session. */
async function signedInCallers(url: string) {
  const database = await openConfiguredDatabase({ databaseUrl: url, dataDir: "" });
  const { db } = database;
  try {
    // Callers: players who show their location, spread over the metros, each with a session.
    const callers = await queryRows<{ id: string }>(
      db,
      sql`select u.id from users u left join user_settings s on s.user_id = u.id
        where coalesce(s.show_location, true) order by md5(u.id) limit ${CALLERS}`,
    );
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET }),
    });
    await app.ready();
    const cookies: string[] = [];
    for (const { id } of callers) {
      const session = await createSession(db, id);
      cookies.push(`${SESSION_COOKIE}=${app.signCookie(session.sid)}`);
    }
    await app.close();
    return cookies;
  } finally {
    await database.close();
  }
}

/** A process's resident memory and its peak so far, in MB (Linux's /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** A wrk script sending `path` with the callers' cookies in turn. */
function rotatingScript(dir: string, name: string, urlPath: string, cookies: readonly string[]) {
  const file = path.join(dir, `${name}.lua`);
  fs.writeFileSync(
    file,
    `local cookies = {${cookies.map((c) => JSON.stringify(c)).join(",")}}
local requests = {}
local i = 0
init = function(args)
  for n, cookie in ipairs(cookies) do
    local headers = {}
    for k, v in pairs(wrk.headers) do headers[k] = v end
    headers["Cookie"] = cookie
    requests[n] = wrk.format("GET", ${JSON.stringify(urlPath)}, headers)
  end
  i = math.random(#requests)
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
`,
  );
  return file;
}

type Row = { label: string; loads: Load[]; ratios: number[] };

async function measure(url: string, cookies: string[]) {
  const port = await freePort();
  const server = spawnServer(
    {
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SESSION_SECRET: SECRET,
    },
    ["--import", "tsx", "server/main.ts"],
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "near-me-"));
  try {
    await waitUntilHealthy(port, server, 120_000, 100);
    const pid = server.child.pid as number;
    const base = `http://127.0.0.1:${port}`;
    const reads = [
      { label: "/api/healthz", path: "/api/healthz", script: undefined },
      {
        label: "nearby players",
        path: "/api/players/nearby",
        script: rotatingScript(dir, "nearby", "/api/players/nearby", cookies),
      },
      {
        label: "nearest upcoming games (signed in)",
        path: "/api/games/upcoming",
        script: rotatingScript(dir, "upcoming", "/api/games/upcoming", cookies),
      },
    ];
    const headers = { cookie: cookies[0] ?? "" };
    // Unmeasured: the code compiled, the pool filled, the database's pages read once.
    for (const read of reads) {
      await wrkLoad(base + read.path, {
        connections: CONNECTIONS,
        seconds: 2,
        headers,
        script: read.script,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const atRest = memoryOf(pid).rss;
    let loaded = 0;
    const sampler = setInterval(() => {
      loaded = Math.max(loaded, memoryOf(pid).rss);
    }, 200);
    const rows: Row[] = reads.map((read) => ({ label: read.label, loads: [], ratios: [] }));
    try {
      for (let run = 0; run < RUNS; run += 1) {
        for (const [i, read] of reads.entries()) {
          const load = await wrkLoad(base + read.path, {
            connections: CONNECTIONS,
            seconds: SECONDS,
            headers,
            script: read.script,
          });
          rows[i]?.loads.push(load);
        }
        const healthz = rows[0]?.loads[run]?.perSecond ?? Number.NaN;
        for (const row of rows) row.ratios.push((row.loads[run]?.perSecond ?? 0) / healthz);
      }
    } finally {
      clearInterval(sampler);
    }
    return { rows, atRest, loaded, peak: memoryOf(pid).peak };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const spread = (values: number[], digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const fixed = (v: number | undefined) => (v ?? Number.NaN).toFixed(digits);
  return `${fixed(sorted[sorted.length >> 1])} (${fixed(sorted[0])}–${fixed(sorted.at(-1))})`;
};

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error("BENCH_DATABASE_URL or TEST_DATABASE_URL: a PostgreSQL server");
console.log(
  `${CONNECTIONS} connections from wrk over HTTP, ${RUNS} runs of ${SECONDS} s, ${CALLERS} callers; median (min–max) of the runs`,
);
const kept = option("database", "");
if (kept) {
  const { rows, atRest, loaded, peak } = await measure(kept, await signedInCallers(kept));
  print(`${kept}`, rows, atRest, loaded, peak);
  process.exit(0);
}

function print(title: string, rows: Row[], atRest: number, loaded: number, peak: number) {
  console.log(`\n${title}`);
  console.log("| read | req/s | p99 ms | ratio to healthz |");
  console.log("|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${spread(row.loads.map((l) => l.perSecond))} | ${spread(
        row.loads.map((l) => l.p99),
        1,
      )} | ${spread(row.ratios, 2)} |`,
    );
  }
  console.log(
    `Resident memory: ${Math.round(atRest)} MB at rest, ${Math.round(loaded)} MB at most under load (peak ${Math.round(peak)} MB)`,
  );
}

for (const players of SIZES) {
  const scratch = await scratchDatabase(adminUrl, "bwb_near_me");
  try {
    const cookies = await seed(scratch.url, players);
    const { rows, atRest, loaded, peak } = await measure(scratch.url, cookies);
    console.log(`\n${players} players (${Math.round(players / METROS.length)} per metro)`);
    console.log("| read | req/s | p99 ms | ratio to healthz |");
    console.log("|---|---|---|---|");
    for (const row of rows) {
      console.log(
        `| ${row.label} | ${spread(row.loads.map((l) => l.perSecond))} | ${spread(
          row.loads.map((l) => l.p99),
          1,
        )} | ${spread(row.ratios, 2)} |`,
      );
    }
    console.log(
      `Resident memory: ${Math.round(atRest)} MB at rest, ${Math.round(loaded)} MB at most under load (peak ${Math.round(peak)} MB)`,
    );
  } finally {
    // --keep: left for a look with psql or a profile; its name is printed.
    if (process.argv.includes("--keep")) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}
