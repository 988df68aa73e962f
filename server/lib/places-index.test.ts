import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUpcomingGames, spreadPlayers } from "../../bench/support/places.ts";
import {
  type Game,
  NEAR_GAME_MILES,
  UPCOMING_LIMIT,
  type UpcomingGamesQuery,
} from "../../common/games.ts";
import type { LatLng } from "../../common/geo.ts";
import { NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "../../common/players.ts";
import { insertSyntheticCourts, syntheticCourts } from "../../scripts/seed-many-courts.ts";
import type { Database, Queryable } from "../db/client.ts";
import { gameUpcomingSql } from "../db/game-lifecycle.ts";
import { inIndexOrder } from "../db/index-order.ts";
import { queryRows } from "../db/query-rows.ts";
import { courts, games, playerProfiles, userSettings, users } from "../db/schema.ts";
import { courtDistanceSql, gamesQuery } from "../modules/games/game-reads.ts";
import { similarPlayersQuery } from "../modules/games/invites.ts";
import { upcomingGames, upcomingNearQueries } from "../modules/games/service.ts";
import { createUpcomingAnswers } from "../modules/games/upcoming-answers.ts";
import {
  NEARBY_CANDIDATES,
  nearbyArgsOf,
  nearbyPlayers,
  nearbyPlayersQuery,
  type Skills,
} from "../modules/players/service.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { float, greatCircleSql } from "./geo.ts";

let database: Database;
const LA: LatLng = { latitude: 34.05, longitude: -118.25 };
// Either side of the antimeridian (Fiji), and a few miles from the North Pole.
const FIJI_EAST: LatLng = { latitude: -17, longitude: 179.99 };
const FIJI_WEST: LatLng = { latitude: -17, longitude: -179.97 };
const POLE: LatLng = { latitude: 89.95, longitude: -10 };
const BEYOND_POLE: LatLng = { latitude: 89.9, longitude: 170 };
const OPEN_OCEAN: LatLng = { latitude: 0, longitude: -150 };

/** A player with a profile at a position: one row each, and their id. */
async function placedPlayer(at: LatLng, nickname: string): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ firstName: "Edge", ...at })
    .returning({ id: users.id });
  const id = user?.id ?? "";
  await database.db
    .insert(playerProfiles)
    .values({ userId: id, nickname, primaryPosition: "Center" });
  return id;
}

async function courtWithGame(at: LatLng, name: string) {
  const [court] = await database.db
    .insert(courts)
    .values({ name, ...at, timeZone: "UTC" })
    .returning({ id: courts.id });
  const [organizer] = await database.db.select({ id: users.id }).from(users).limit(1);
  await database.db.insert(games).values({
    courtId: court?.id ?? 0,
    organizerId: organizer?.id ?? "",
    scheduledAt: new Date(Date.now() + 86_400_000),
  });
}

const edgeIds: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`insert into users (email, first_name)
    select 'places' || i || '@example.com', 'Places' from generate_series(1, 4000) i`);
  // A crowded city: 1,200 more players within about 30 miles of Los Angeles. Each a few metres
  // off its grid point, as people are: on an exact grid, players at one distance from a caller
  // tie at the edge of the candidates, where either may be kept.
  await db.execute(sql`insert into users (email, first_name, latitude, longitude)
    select 'la' || i || '@example.com', 'Angeleno',
      ${LA.latitude} + (i % 97 - 48) * 0.008 + random() * 0.0001,
      ${LA.longitude} + (i % 89 - 44) * 0.011 + random() * 0.0001
    from generate_series(1, 1200) i`);
  await spreadPlayers(db);
  await db.execute(sql`insert into player_profiles (user_id, nickname, primary_position, skill_shot, is_available)
    select id, 'Baller ' || row_number() over (order by id), 'Guard',
      1 + (row_number() over (order by id))::int % 5, (row_number() over (order by id))::int % 3 > 0
    from users`);
  await db.execute(sql`insert into user_settings (user_id, show_location)
    select id, false from users where random() < 0.1`);
  await insertSyntheticCourts(db, await syntheticCourts(1_500));
  await insertUpcomingGames(db, 3_000);
  edgeIds.fijiWest = await placedPlayer(FIJI_WEST, "Fiji West");
  edgeIds.fijiEast = await placedPlayer(FIJI_EAST, "Fiji East");
  edgeIds.pole = await placedPlayer(POLE, "Pole Side");
  edgeIds.beyondPole = await placedPlayer(BEYOND_POLE, "Beyond Pole");
  // A busy metro area: far more upcoming games near LA than a page, so a read of the circle shows.
  await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at)
    select courts.id, (select min(id) from users), now() + interval '1 hour' + random() * interval '30 days'
    from courts cross join generate_series(1, 8)
    where courts.is_active and ${greatCircleSql(courts.latitude, courts.longitude, LA)} <= ${float(NEAR_GAME_MILES)}`);
  await courtWithGame(FIJI_WEST, "Fiji West Court");
  await courtWithGame(BEYOND_POLE, "Beyond Pole Court");
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => database.close());

/**
 * The plan the planner chooses by itself, on tables analysed at a size where reading every row
 * would be its choice if the position index could not serve the query.
 */
async function planOf(query: SQL, on: Queryable = database.db): Promise<string> {
  const rows = await queryRows<Record<string, string>>(on, sql`explain ${query}`);
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

describe("reads of places go through the position indexes", () => {
  it("nearby players: the nearest walked from the players' point index, no scan of users", async () => {
    const args = nearbyArgsOf(edgeIds.pole ?? "", LA, [3, 3, 3, 3, 3]);
    const plan = await planOf(
      sql`${nearbyPlayersQuery(database.db, (name) => sql`${args[name]}`)}`,
    );
    expect(plan).toContain("users_earth_point_gist_idx");
    // In distance order from the index: no sort of every player in the circle.
    expect(plan).toMatch(/Order By: \(cube\(/);
    expect(plan).not.toMatch(/Seq Scan on (users|player_profiles|user_settings)/);
    expect(plan).not.toContain("SubPlan");
  });

  it("'Need N more' candidates: the players' GiST index, no scan of users", async () => {
    const [game] = await database.db.select({ id: games.id }).from(games).limit(1);
    const plan = await planOf(
      sql`${similarPlayersQuery(database.db, {
        gameId: game?.id ?? 0,
        organizerId: edgeIds.pole ?? "",
        place: LA,
        target: 3,
        limit: 30,
      })}`,
    );
    expect(plan).toContain("users_position_gist_idx");
    expect(plan).not.toMatch(/Seq Scan on (users|player_profiles|user_settings)/);
    // Settings joined once; the only subplans left are this game's own seats and line.
    expect(plan).toMatch(/Left Join[\s\S]*user_settings_pkey/);
  });

  it("upcoming near a point: games by place and time from one GiST index; the rest by time", async () => {
    const reads = upcomingNearQueries(database.db, {}, LA);
    const near = await inIndexOrder(database.db, (tx) =>
      planOf(sql`${upcomingNearQueries(tx, {}, LA).nearby(UPCOMING_LIMIT)}`, tx),
    );
    expect(near).toContain("games_place_time_gist_idx");
    expect(near).not.toMatch(/Seq Scan on (games|courts|users|player_profiles)/);
    // In index order: no sort of every game in the circle before the page is cut.
    expect(near).toMatch(/Order By: \((games(_\d+)?\.)?scheduled_at <-> /);
    const farther = await planOf(sql`${reads.farther(UPCOMING_LIMIT)}`);
    expect(farther).toContain("games_scheduled_at_idx");
    expect(farther).not.toMatch(/Seq Scan on (games|users|player_profiles)/);
  });
});

/** Rows each scan node of a plan read (actual rows × loops), by relation, summed. */
async function rowsRead(query: SQL, on: Queryable): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, unknown>>(
    on,
    sql`explain (analyze, format json) ${query}`,
  );
  const raw = Object.values(row ?? {})[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const read: Record<string, number> = {};
  const visit = (node: PlanNode) => {
    const relation = node["Relation Name"];
    if (relation) {
      const rows = (node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0);
      read[relation] = (read[relation] ?? 0) + rows * (node["Actual Loops"] ?? 1);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan[0].Plan);
  return read;
}
type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};

describe("a near read costs about a page, however dense the place", () => {
  it("soonest games near LA read a few pages of games, not every game in the circle", async () => {
    const inCircle = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${games} join ${courts} on ${courts.id} = ${games.courtId}
        where ${gameUpcomingSql} and ${greatCircleSql(courts.latitude, courts.longitude, LA)} <= ${float(NEAR_GAME_MILES)}`,
    );
    // The seed must be dense enough that reading the circle would show.
    expect(inCircle[0]?.n).toBeGreaterThan(4 * UPCOMING_LIMIT);
    const read = await inIndexOrder(database.db, (tx) =>
      rowsRead(sql`${upcomingNearQueries(tx, {}, LA).nearby(UPCOMING_LIMIT)}`, tx),
    );
    expect(read.games).toBeLessThanOrEqual(3 * UPCOMING_LIMIT);
  });

  it("nearby players in Los Angeles read about the candidates, not every player in the circle", async () => {
    const inCircle = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${users}
        where ${greatCircleSql(users.latitude, users.longitude, LA)} <= ${float(NEARBY_RADIUS_MILES)}`,
    );
    expect(inCircle[0]?.n).toBeGreaterThan(3 * NEARBY_CANDIDATES);
    const args = nearbyArgsOf(edgeIds.pole ?? "", LA, [3, 3, 3, 3, 3]);
    const read = await rowsRead(
      sql`${nearbyPlayersQuery(database.db, (name) => sql`${args[name]}`)}`,
      database.db,
    );
    // A tenth of the players hide their location: read, then passed over.
    expect(read.users).toBeLessThanOrEqual(1.5 * NEARBY_CANDIDATES);
    expect(read.player_profiles).toBeLessThanOrEqual(1.5 * NEARBY_CANDIDATES);
  });
});

/** Today's single query (decisions §23): a distance to every upcoming game, kept as reference. */
async function upcomingByEveryDistance(query: UpcomingGamesQuery, at: LatLng) {
  const distance = courtDistanceSql(at);
  const where: SQL[] = [gameUpcomingSql, eq(courts.isActive, true)];
  if (query.openSpots) where.push(sql`${games.currentPlayers} < ${games.maxPlayers}`);
  const rows = await gamesQuery(
    database.db,
    at,
    and(...where),
    [
      sql`(${distance} > ${NEAR_GAME_MILES}) asc`,
      asc(games.scheduledAt),
      asc(distance),
      asc(games.id),
    ],
    UPCOMING_LIMIT,
  );
  return rows.map((row) => row.id);
}

describe("upcoming games near a point", () => {
  it("gives today's answer: the near games, then the page filled from farther ones", async () => {
    for (const at of [LA, FIJI_EAST, POLE, OPEN_OCEAN]) {
      for (const query of [{}, { openSpots: true }] as UpcomingGamesQuery[]) {
        const ids = (await upcomingGames(database.db, query, at)).map((game) => game.id);
        expect(ids, JSON.stringify(at)).toEqual(await upcomingByEveryDistance(query, at));
        expect(ids).toHaveLength(UPCOMING_LIMIT);
      }
    }
  });

  it("the route's page for a viewer is today's answer, distances too", async () => {
    const answers = createUpcomingAnswers(database.db);
    // Seeded, so a failure repeats: points around the busy LA area, over the other metros, and
    // the awkward places.
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const around = (at: LatLng, degrees: number) => ({
      latitude: at.latitude + (random() - 0.5) * degrees,
      longitude: at.longitude + (random() - 0.5) * degrees,
    });
    const places = [
      LA,
      FIJI_EAST,
      FIJI_WEST,
      POLE,
      OPEN_OCEAN,
      ...Array.from({ length: 12 }, () => around(LA, 0.8)),
      ...Array.from({ length: 6 }, () => around({ latitude: 40.71, longitude: -74 }, 1)),
    ];
    for (const at of places) {
      for (const query of [{}, { openSpots: true }] as UpcomingGamesQuery[]) {
        const text = await answers.near(query, at);
        // Letter for letter the text the viewer's own read encodes.
        expect(text, JSON.stringify(at)).toBe(
          JSON.stringify(await upcomingGames(database.db, query, at)),
        );
        const page = JSON.parse(text) as Game[];
        expect(page.map((game) => game.id)).toEqual(await upcomingByEveryDistance(query, at));
      }
    }
    answers.stop();
  });

  it("a game follows its court when the court moves", async () => {
    const [game] = await database.db
      .select({ id: games.id, courtId: games.courtId })
      .from(games)
      .limit(1);
    const moved = { latitude: 12.5, longitude: -70.02 };
    await database.db
      .update(courts)
      .set(moved)
      .where(eq(courts.id, game?.courtId ?? 0));
    const [after] = await database.db
      .select({ latitude: games.latitude, longitude: games.longitude })
      .from(games)
      .where(eq(games.id, game?.id ?? 0));
    expect(after).toEqual(moved);
    const near = await upcomingGames(database.db, {}, moved);
    expect(near.map((g) => g.id)).toContain(game?.id);
  });

  it("finds the court across the antimeridian and the one beyond the pole as near", async () => {
    const fiji = await upcomingGames(database.db, {}, FIJI_EAST);
    expect(fiji[0]?.court.name).toBe("Fiji West Court");
    expect(fiji[0]?.distanceMiles).toBeLessThan(NEAR_GAME_MILES);
    const pole = await upcomingGames(database.db, {}, POLE);
    expect(pole[0]?.court.name).toBe("Beyond Pole Court");
  });
});

/**
 * A distance to every player: the NEARBY_CANDIDATES nearest findable ones, those within the
 * radius ordered as nearby players are.
 */
async function nearbyByEveryDistance(callerId: string, at: LatLng, skills: Skills) {
  const distance = greatCircleSql(users.latitude, users.longitude, at);
  const p = playerProfiles;
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select ${users.id} as id from ${users}
      join ${p} on ${p.userId} = ${users.id}
      where ${users.id} in (
        select ${users.id} from ${users}
        join ${p} on ${p.userId} = ${users.id}
        left join ${userSettings} on ${userSettings.userId} = ${users.id}
        where ${users.id} <> ${callerId} and ${users.latitude} is not null
          and coalesce(${userSettings.showLocation}, true)
        order by ${distance}, ${users.id} limit ${NEARBY_CANDIDATES})
        and ${distance} <= ${float(NEARBY_RADIUS_MILES)}
      order by ${p.isAvailable} desc,
        abs(${p.skillHandles} - ${skills[0]}::int) + abs(${p.skillShot} - ${skills[1]}::int) +
        abs(${p.skillIq} - ${skills[2]}::int) + abs(${p.skillVert} - ${skills[3]}::int) +
        abs(${p.skillDefense} - ${skills[4]}::int), ${distance}, ${users.id}
      limit ${NEARBY_LIMIT}`,
  );
  return rows.map((row) => row.id);
}

describe("nearby players", () => {
  it("ranks the nearest candidates in a crowded metro area, whatever the caller's skills", async () => {
    const callers = await database.db
      .select({ id: users.id, latitude: users.latitude, longitude: users.longitude })
      .from(users)
      .where(
        sql`${users.latitude} between 33.7 and 34.4 and ${users.longitude} between -118.6 and -117.9`,
      )
      .orderBy(users.id)
      .limit(12);
    expect(callers).toHaveLength(12);
    // Skills spread over the players (seeded), so pages mix many skill groups and levels.
    await database.db.execute(sql`update ${playerProfiles} set
        skill_handles = 1 + abs(hashtext(user_id)) % 5, skill_iq = 1 + abs(hashtext(user_id || 'iq')) % 5
      where user_id in (select id from ${users} where ${users.latitude} between 33 and 35)`);
    for (const [n, caller] of callers.entries()) {
      const skills: Skills = [1 + (n % 5), 1 + ((n * 3) % 5), 3, 5 - (n % 5), 2];
      await database.db
        .update(playerProfiles)
        .set({
          skillHandles: skills[0],
          skillShot: skills[1],
          skillIq: skills[2],
          skillVert: skills[3],
          skillDefense: skills[4],
        })
        .where(eq(playerProfiles.userId, caller.id));
      const here = { latitude: caller.latitude ?? 0, longitude: caller.longitude ?? 0 };
      const page = await nearbyPlayers(database.db, caller.id);
      const ids = page.map((player) => player.id);
      expect(ids).toHaveLength(NEARBY_LIMIT);
      expect(ids, `caller ${n}`).toEqual(await nearbyByEveryDistance(caller.id, here, skills));
    }
  });

  it("reaches across the antimeridian and over the pole", async () => {
    const fiji = await nearbyPlayers(database.db, edgeIds.fijiEast ?? "");
    expect(fiji.map((player) => player.id)).toEqual([edgeIds.fijiWest]);
    const pole = await nearbyPlayers(database.db, edgeIds.pole ?? "");
    expect(pole.map((player) => player.id)).toEqual([edgeIds.beyondPole]);
  });
});
