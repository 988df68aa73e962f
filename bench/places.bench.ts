/**
 * Benchmark of the reads by place (not a test; prints figures):
 *
 *   node --import tsx bench/places.bench.ts [--players 50000] [--courts 10000] [--upcoming 20000]
 *     [--connections 10] [--seconds 3]
 *   TEST_DATABASE_URL=postgres://… node --import tsx bench/places.bench.ts
 *     (a server where a scratch database may be created and dropped: scripts/pg-cluster.sh)
 *
 * Fills a fresh database with synthetic courts, players spread around a dozen metro areas (one
 * in ten anywhere), past games and upcoming ones. Then, for a player in Los Angeles, loads each
 * read with `connections` requests in flight through inject(): the product's route, a bare
 * Fastify route running the same service call (no session, no schema), and a bare route
 * running the query as it was before the position index (a distance to every row, settings
 * looked up per row): req/s, p50 and p99 in one run, so the ratios hold on any machine.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { courtListQuerySchema } from "../common/courts.ts";
import { NEAR_GAME_MILES, UPCOMING_LIMIT } from "../common/games.ts";
import { NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "../common/players.ts";
import { seedManyCourts } from "../scripts/seed-many-courts.ts";
import { buildApp } from "../server/app.ts";
import { createSession, SESSION_COOKIE } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { gameUpcomingSql } from "../server/db/game-lifecycle.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { showsLocationSql } from "../server/db/privacy-conditions.ts";
import { courts, games, playerProfiles, users } from "../server/db/schema.ts";
import {
  float,
  greatCircleSql,
  withinDistanceBoxSql,
  withinDistanceSql,
} from "../server/lib/geo.ts";
import { listCourts } from "../server/modules/courts/directory.ts";
import { courtDistanceSql, gamesQuery } from "../server/modules/games/game-reads.ts";
import { upcomingGames } from "../server/modules/games/service.ts";
import { nearbyPlayers } from "../server/modules/players/service.ts";
import { scratchDatabase } from "../server/test-support/scratch-database.ts";
import { insertUpcomingGames, rateHalfThePlayers, spreadPlayers } from "./support/places.ts";
import { seedPlayersAndGames } from "./support/players-and-games.ts";
import { type Load, loadRequests } from "./support/time-requests.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const PLAYERS = arg("players", 50_000);
const COURTS = arg("courts", 10_000);
const UPCOMING = arg("upcoming", 20_000);
const PAST_GAMES = arg("past-games", 20_000);
const CONNECTIONS = arg("connections", 10);
const DURATION_MS = arg("seconds", 3) * 1000;
const LA = { latitude: 34.05, longitude: -118.25 };

async function openBenchDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPglite();
  const scratch = await scratchDatabase(adminUrl, "bwb_bench");
  const opened = openPostgres(scratch.url);
  return {
    ...opened,
    async close() {
      await opened.close();
      await scratch.drop();
    },
  };
}

const database = await openBenchDatabase();
const db = database.db;
await migrateDatabase(database);
const started = performance.now();
await seedManyCourts(db, COURTS);
await seedPlayersAndGames(db, { players: PLAYERS, games: PAST_GAMES });
await spreadPlayers(db);
await insertUpcomingGames(db, UPCOMING);
await rateHalfThePlayers(db);
await db.execute(sql`analyze`);
console.log(
  `${database.kind}: ${PLAYERS} players, ${COURTS} courts, ${UPCOMING} upcoming games ` +
    `(+${PAST_GAMES} past), seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** The viewer: a player near downtown Los Angeles, with a saved position. */
const [viewer] = (
  (await db.execute(sql`select id from users
    where latitude between 33.95 and 34.15 and longitude between -118.35 and -118.15
    order by id limit 1`)) as unknown as { rows: { id: string }[] }
).rows;
if (!viewer) throw new Error("no player near Los Angeles");
const viewerId = viewer.id;
await db.update(users).set(LA).where(eq(users.id, viewerId));

/** Before the index (decisions §23, the nearby read of main): every upcoming game's distance. */
function upcomingBefore() {
  const distance = courtDistanceSql(LA);
  return gamesQuery(
    db,
    LA,
    and(gameUpcomingSql, eq(courts.isActive, true)),
    [
      sql`(${distance} > ${NEAR_GAME_MILES}) asc`,
      asc(games.scheduledAt),
      asc(distance),
      asc(games.id),
    ],
    UPCOMING_LIMIT,
  );
}

/**
 * The near read of §49, kept to compare in the same run: every upcoming game at the courts
 * within NEAR_GAME_MILES (courts' GiST index, games_court_idx), sorted, then the page's rows.
 * (At this viewer the near games fill the page, so the farther read never runs in either.)
 */
function upcomingCourtsFirst() {
  const byTime = [asc(games.scheduledAt), asc(courtDistanceSql(LA)), asc(games.id)];
  const ids = db
    .select({ id: games.id })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        gameUpcomingSql,
        eq(courts.isActive, true),
        withinDistanceSql(courts.latitude, courts.longitude, LA, NEAR_GAME_MILES),
      ),
    )
    .orderBy(...byTime)
    .limit(UPCOMING_LIMIT);
  return gamesQuery(db, LA, sql`${games.id} = any(array(${ids}))`, byTime, UPCOMING_LIMIT);
}

/** Before: a box on the coordinates no index serves, and the settings subquery per row. */
function nearbyBefore() {
  const distance = greatCircleSql(users.latitude, users.longitude, LA);
  return db
    .select({ id: users.id, nickname: playerProfiles.nickname, distance })
    .from(users)
    .innerJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(
      and(
        sql`${users.id} <> ${viewerId}`,
        withinDistanceBoxSql(users.latitude, users.longitude, LA, NEARBY_RADIUS_MILES),
        sql`${distance} <= ${float(NEARBY_RADIUS_MILES)}`,
        showsLocationSql(users.id),
      ),
    )
    .orderBy(sql`${playerProfiles.isAvailable} desc`, distance, users.id)
    .limit(NEARBY_LIMIT);
}

const bare = Fastify();
bare.get("/nearby", async () => nearbyPlayers(db, viewerId));
bare.get("/nearby-before", async () => nearbyBefore());
bare.get("/upcoming", async () => upcomingGames(db, {}, LA));
bare.get("/upcoming-before", async () => upcomingBefore());
bare.get("/upcoming-courts-first", async () => upcomingCourtsFirst());
bare.get("/courts-near", async () =>
  listCourts(
    db,
    courtListQuerySchema.parse({ near: `${LA.latitude},${LA.longitude}`, limit: "20" }),
  ),
);
bare.get("/select-1", async () => db.execute(sql`select 1`).then(() => ({ ok: true })));
await bare.ready();

const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
await app.ready();
const session = await createSession(db, viewerId);
const cookie = `${SESSION_COOKIE}=${app.signCookie(session.sid)}`;

const row = (label: string, load: Load, reference?: Load) =>
  console.log(
    `  ${label.padEnd(46)} ${load.perSecond.toFixed(0).padStart(6)} req/s  p50 ${load.p50.toFixed(1).padStart(6)} ms  p99 ${load.p99.toFixed(1).padStart(6)} ms` +
      (reference ? `  ${(load.perSecond / reference.perSecond).toFixed(2)} of bare` : ""),
  );
const options = { connections: CONNECTIONS, durationMs: DURATION_MS };
const viaApp = (url: string) => () => app.inject({ method: "GET", url, headers: { cookie } });
const viaBare = (url: string) => () => bare.inject({ method: "GET", url });

try {
  console.log(`\n${CONNECTIONS} requests in flight for ${DURATION_MS / 1000} s each`);
  row(
    "bare route, select 1 (reference)",
    await loadRequests("select 1", viaBare("/select-1"), options),
  );
  for (const [label, url, bareUrl, beforeUrl] of [
    ["/api/players/nearby", "/api/players/nearby", "/nearby", "/nearby-before"],
    [
      "/api/games/upcoming (signed in, nearest first)",
      "/api/games/upcoming",
      "/upcoming",
      "/upcoming-before",
    ],
    [
      "/api/courts?near= (20 nearest)",
      `/api/courts?near=${LA.latitude},${LA.longitude}&limit=20`,
      "/courts-near",
      undefined,
    ],
  ] as const) {
    console.log(`\n  ${label}`);
    const bareLoad = await loadRequests(bareUrl, viaBare(bareUrl), options);
    row("product route", await loadRequests(url, viaApp(url), options), bareLoad);
    row("bare route, same service call", bareLoad);
    if (bareUrl === "/upcoming")
      row(
        "bare route, §49's read (courts first)",
        await loadRequests("/upcoming-courts-first", viaBare("/upcoming-courts-first"), options),
        bareLoad,
      );
    if (beforeUrl)
      row(
        "bare route, the query before the index",
        await loadRequests(beforeUrl, viaBare(beforeUrl), options),
        bareLoad,
      );
  }
} finally {
  await app.close();
  await bare.close();
  await database.close();
}
