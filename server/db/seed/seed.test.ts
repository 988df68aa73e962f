import { and, count, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AREAS, POSITIONS } from "../../../common/constants.ts";
import { courtKings } from "../../modules/court-kings/service.ts";
import { popularTimes } from "../../modules/court-page/popular-times.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import type { Database } from "../client.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  gameResults,
  games,
  locationSuggestions,
  playerProfiles,
  playerRatings,
  userCredentials,
  users,
} from "../schema.ts";
import { planDemoCheckIns } from "./demo-check-ins.ts";
import { DEMO_COURTS } from "./demo-courts.ts";
import { planDemoGames } from "./demo-data.ts";
import { DEMO_EMAIL_DOMAIN, DEMO_PLAYERS } from "./demo-players.ts";
import { laDateTime, laWeekday } from "./la-time.ts";
import { seedIfEmpty } from "./seed.ts";

// Greater Los Angeles, generously: Santa Monica Bay to Pasadena.
const LA_BOX = { south: 33.7, north: 34.35, west: -118.7, east: -118.0 };

let database: Database;
let seededAt: Date;
const messages: string[] = [];

async function rowCounts(db: Database["db"]) {
  const tables = {
    locationSuggestions,
    users,
    playerProfiles,
    courts,
    games,
    gameParticipants,
    gameResults,
    playerRatings,
    courtCheckIns,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await db.$count(table)] as const),
  );
  return Object.fromEntries(entries);
}

// In-memory PGlite; a fresh database on PostgreSQL when TEST_DATABASE_URL is set.
beforeAll(async () => {
  database = await openTestDatabase();
  seededAt = new Date();
  await seedIfEmpty(database.db, (m) => messages.push(m));
});

afterAll(async () => {
  await database?.close();
});

describe("location suggestions", () => {
  it("holds the US cities of GeoNames and nothing else", async () => {
    const db = database.db;
    const total = await db.$count(locationSuggestions);
    expect(total).toBeGreaterThan(16_000);
    expect(await db.$count(locationSuggestions, ne(locationSuggestions.country, "US"))).toBe(0);
    const [badState] = await db
      .select({ n: count() })
      .from(locationSuggestions)
      .where(sql`${locationSuggestions.state} !~ '^[A-Z]{2}$'`);
    expect(badState?.n).toBe(0);
    expect(messages[0]).toMatch(new RegExp(`^Loaded ${total} US cities`));
  });

  it("has real places with their state, coordinates and population", async () => {
    const [la] = await database.db
      .select()
      .from(locationSuggestions)
      .where(and(eq(locationSuggestions.city, "Los Angeles"), eq(locationSuggestions.state, "CA")));
    expect(la?.population).toBeGreaterThan(3_000_000);
    expect(la?.latitude).toBeCloseTo(34.05, 1);
    expect(la?.longitude).toBeCloseTo(-118.24, 1);

    const springfields = await database.db
      .selectDistinct({ state: locationSuggestions.state })
      .from(locationSuggestions)
      .where(eq(locationSuggestions.city, "Springfield"));
    const states = springfields.map((r) => r.state);
    expect(states.length).toBeGreaterThan(5);
    expect(states).toEqual(expect.arrayContaining(["IL", "MA", "MO", "OR"]));

    const chicago = await database.db
      .select({ state: locationSuggestions.state })
      .from(locationSuggestions)
      .where(and(eq(locationSuggestions.city, "Chicago"), gt(locationSuggestions.population, 1e6)));
    expect(chicago).toEqual([{ state: "IL" }]);
    // Names with punctuation survive intact.
    expect(
      await database.db.$count(locationSuggestions, eq(locationSuggestions.city, "Coeur d'Alene")),
    ).toBe(1);
  });

  it("leaves out abandoned places", async () => {
    const historical = await database.db.$count(
      locationSuggestions,
      sql`${locationSuggestions.city} like '%(historical)%'`,
    );
    expect(historical).toBe(0);
  });
});

describe("demo data", () => {
  it("has the real courts, inside Los Angeles, with consistent fields", async () => {
    const rows = await database.db.select().from(courts);
    expect(rows).toHaveLength(DEMO_COURTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "Venice Beach Basketball Courts",
        "Pan Pacific Park",
        "Roxbury Park",
        "Westwood Recreation Center",
      ]),
    );
    for (const court of rows) {
      expect(court.latitude).toBeGreaterThan(LA_BOX.south);
      expect(court.latitude).toBeLessThan(LA_BOX.north);
      expect(court.longitude).toBeGreaterThan(LA_BOX.west);
      expect(court.longitude).toBeLessThan(LA_BOX.east);
      expect(court.courtType).toBe(court.isIndoor ? "indoor" : "outdoor");
      expect(court.rating).toBeGreaterThanOrEqual(0);
      expect(court.rating).toBeLessThanOrEqual(5);
      expect(court.activePlayers).toBe(0);
      expect(court.address).toMatch(/, CA 9\d{4}$/);
      expect(court.amenities.length).toBeGreaterThan(0);
    }
    // Every area of the spec has a court.
    expect(new Set(DEMO_COURTS.map((c) => c.area))).toEqual(new Set(AREAS));
  });

  it("has demo players with complete profiles and no way to sign in", async () => {
    const rows = await database.db
      .select({ user: users, profile: playerProfiles })
      .from(users)
      .innerJoin(playerProfiles, eq(playerProfiles.userId, users.id));
    expect(rows).toHaveLength(DEMO_PLAYERS.length);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const { user, profile } of rows) {
      expect(user.email).toMatch(new RegExp(`@${DEMO_EMAIL_DOMAIN.replaceAll(".", "\\.")}$`));
      expect(user).toMatchObject({
        city: "Los Angeles",
        state: "CA",
        hasCompletedOnboarding: true,
      });
      expect(profile.nickname.length).toBeGreaterThanOrEqual(3);
      expect(POSITIONS).toContain(profile.primaryPosition);
      if (profile.secondaryPosition) expect(POSITIONS).toContain(profile.secondaryPosition);
      expect(AREAS).toContain(profile.location);
    }
    expect(new Set(rows.map((r) => r.profile.isAvailable))).toEqual(new Set([true, false]));
    expect(await database.db.$count(userCredentials)).toBe(0);
  });

  it("has games whose currentPlayers equals their participant rows, never above maxPlayers", async () => {
    const rows = await database.db
      .select({
        id: games.id,
        currentPlayers: games.currentPlayers,
        maxPlayers: games.maxPlayers,
        organizerId: games.organizerId,
        participants: sql<number>`(select count(*)::int from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id})`,
        organizerJoined: sql<boolean>`exists (select 1 from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id} and ${gameParticipants.userId} = ${games.organizerId})`,
      })
      .from(games);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const game of rows) {
      expect(game.currentPlayers).toBe(game.participants);
      expect(game.currentPlayers).toBeLessThanOrEqual(game.maxPlayers);
      expect(game.organizerJoined).toBe(true);
    }
  });

  it("has upcoming games in the next days and completed games in the past two weeks", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = seededAt.getTime();
    const upcoming = await database.db.select().from(games).where(gt(games.scheduledAt, seededAt));
    const past = await database.db.select().from(games).where(lt(games.scheduledAt, seededAt));
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
    expect(past.length).toBeGreaterThanOrEqual(3);
    for (const g of upcoming) {
      expect(g.status).toBe("open");
      expect(g.scheduledAt.getTime()).toBeLessThan(now + 11 * day);
      expect(g.createdAt.getTime()).toBeLessThanOrEqual(now);
    }
    for (const g of past) {
      // Over by the clock: the stored status stays "open" (server/db/game-lifecycle.ts).
      expect(g.status).toBe("open");
      expect(g.scheduledAt.getTime()).toBeGreaterThan(now - 15 * day);
    }
    // Titles carry the game's weekday in Los Angeles.
    for (const g of [...upcoming, ...past]) expect(g.title).toContain(laWeekday(g.scheduledAt));
    // Everyone's games played counts the finished games they took part in.
    const pastIds = past.map((g) => g.id);
    const played = await database.db
      .select({ userId: gameParticipants.userId, n: count() })
      .from(gameParticipants)
      .where(inArray(gameParticipants.gameId, pastIds))
      .groupBy(gameParticipants.userId);
    const profiles = await database.db.select().from(playerProfiles);
    for (const p of profiles) {
      expect(p.gamesPlayed).toBe(played.find((r) => r.userId === p.userId)?.n ?? 0);
    }
  });

  it("records results with both teams for most finished games, and ratings between their players", async () => {
    const past = await database.db
      .select({ id: games.id })
      .from(games)
      .where(lt(games.scheduledAt, seededAt));
    const results = await database.db.select().from(gameResults);
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(results.length).toBeLessThan(past.length); // one still waits for its result
    for (const result of results) {
      expect(past.map((g) => g.id)).toContain(result.gameId);
      expect(result.teamAScore).not.toBe(result.teamBScore);
      const seats = await database.db
        .select({ team: gameParticipants.team, userId: gameParticipants.userId })
        .from(gameParticipants)
        .where(eq(gameParticipants.gameId, result.gameId));
      expect(new Set(seats.map((s) => s.team))).toEqual(new Set(["A", "B"]));
      const ratings = await database.db
        .select()
        .from(playerRatings)
        .where(eq(playerRatings.gameId, result.gameId));
      const players = new Set(seats.map((s) => s.userId));
      expect(ratings.length).toBe(2 * seats.length);
      for (const r of ratings) {
        expect(players.has(r.raterId) && players.has(r.rateeId)).toBe(true);
        expect(r.rating).toBeGreaterThanOrEqual(3);
        expect(r.rating).toBeLessThanOrEqual(5);
      }
    }
  });

  it("has past check-ins enough for Venice Beach's popular times and kings, not for Oakwood's", async () => {
    const courtId = async (name: string) =>
      (await database.db.select({ id: courts.id }).from(courts).where(eq(courts.name, name)))[0]
        ?.id as number;
    const checkIns = await database.db.select().from(courtCheckIns);
    expect(checkIns.length).toBeGreaterThan(100);
    for (const c of checkIns) {
      expect(c.checkedOutAt?.getTime()).toBeLessThanOrEqual(seededAt.getTime() + 60_000);
    }
    const venice = await popularTimes(database.db, await courtId("Venice Beach Basketball Courts"));
    expect(venice.enoughData).toBe(true);
    // Ten regulars every Saturday from 10 to noon: a full 5-on-5.
    expect(venice.bestFullRun).toMatchObject({ day: 6, hour: 10 });
    const oakwood = await popularTimes(database.db, await courtId("Oakwood Recreation Center"));
    expect(oakwood.enoughData).toBe(false);
    const kings = await courtKings(database.db, await courtId("Venice Beach Basketball Courts"));
    expect(kings.length).toBeGreaterThanOrEqual(10);
    expect(kings[0]?.points).toBeGreaterThan(kings[9]?.points ?? 0);
  });

  it("a second seedIfEmpty changes nothing", async () => {
    const before = await rowCounts(database.db);
    const log: string[] = [];
    await seedIfEmpty(database.db, (m) => log.push(m));
    expect(await rowCounts(database.db)).toEqual(before);
    expect(log).toEqual([
      "Location suggestions already loaded",
      "Database has users or courts: demo data not loaded",
    ]);
  });
});

describe("demo game plan and Los Angeles time", () => {
  it("puts games at local wall-clock hours, across daylight saving changes", () => {
    // 2026-03-07 is the Saturday before DST starts in Los Angeles (Sunday 2026-03-08).
    const now = new Date("2026-03-07T20:00:00Z"); // 12:00 PST
    expect(laDateTime(now, 0, 9, 0).toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(laDateTime(now, 1, 9, 0).toISOString()).toBe("2026-03-08T16:00:00.000Z"); // PDT
    expect(laDateTime(now, -1, 18, 30).toISOString()).toBe("2026-03-07T02:30:00.000Z");
    // Late evening in LA is already the next day in UTC: "today" is LA's date.
    const lateEvening = new Date("2026-07-01T05:30:00Z"); // 22:30 PDT on June 30
    expect(laDateTime(lateEvening, 1, 9, 0).toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(laWeekday(new Date("2026-07-01T16:00:00Z"))).toBe("Wednesday");
  });

  it("plans demo check-ins only in the past, whatever the hour", () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 10, 1, hour, 17));
      for (const c of planDemoCheckIns(now)) {
        expect(c.at.getTime() + c.minutes * 60_000).toBeLessThanOrEqual(now.getTime());
      }
    }
  });

  it("plans six weeks of demo check-ins, never one more run, whatever the day and hour", () => {
    // Popular times average over the weeks since the first check-in, a part week counting
    // whole: one run just over six weeks back made it seven weeks, and Venice Beach's Saturday
    // ten an average under a full run. Every hour of a week in winter, in summer, and in the
    // week after the clocks go back (where only "never older than six weeks" holds: see
    // planDemoCheckIns).
    const sixWeeks = 6 * 7 * 86_400_000;
    for (const [year, month, first, sixSaturdays] of [
      [2027, 0, 10, true],
      [2026, 6, 5, true],
      [2026, 10, 1, false],
    ] as const) {
      for (let day = 0; day < 8; day++) {
        for (let hour = 0; hour < 24; hour++) {
          const now = new Date(Date.UTC(year, month, first + day, hour, 5));
          const planned = planDemoCheckIns(now);
          for (const c of planned) {
            expect(now.getTime() - c.at.getTime(), now.toISOString()).toBeLessThan(sixWeeks);
            expect(c.at.getTime() + c.minutes * 60_000).toBeLessThanOrEqual(now.getTime());
          }
          if (!sixSaturdays) continue;
          const saturdays = new Set(
            planned.filter((c) => laWeekday(c.at) === "Saturday").map((c) => c.at.getTime()),
          );
          expect(saturdays.size, now.toISOString()).toBe(6);
        }
      }
    }
  });

  it("keeps upcoming games in the future and finished ones in the past at any hour", () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 10, 1, hour, 17));
      for (const g of planDemoGames(now)) {
        if (g.completed) expect(g.scheduledAt.getTime()).toBeLessThan(now.getTime());
        else expect(g.scheduledAt.getTime()).toBeGreaterThan(now.getTime());
        expect(g.createdAt.getTime()).toBeLessThan(now.getTime());
      }
    }
  });
});

describe("seedIfEmpty on a database that already has users", () => {
  let other: Database;
  beforeAll(async () => {
    other = await openTestDatabase();
    await other.db.insert(users).values({ email: "real.bro@example.com", firstName: "Real" });
  });
  afterAll(async () => {
    await other?.close();
  });

  it("loads the cities but no demo data", async () => {
    await seedIfEmpty(other.db);
    expect(await other.db.$count(locationSuggestions)).toBeGreaterThan(16_000);
    expect(await other.db.$count(courts)).toBe(0);
    expect(await other.db.$count(games)).toBe(0);
    expect(await other.db.$count(users)).toBe(1);
  });
});

describe("two instances seeding one empty database at once", () => {
  let shared: Database;
  beforeAll(async () => {
    shared = await openTestDatabase();
  });
  afterAll(async () => {
    await shared?.close();
  });

  it("load everything once", async () => {
    // On PostgreSQL the two calls run on two pooled connections, like two instances.
    await Promise.all([seedIfEmpty(shared.db), seedIfEmpty(shared.db)]);
    expect(await rowCounts(shared.db)).toEqual(await rowCounts(database.db));
  });
});

describe("seedIfEmpty in production (demo: false)", () => {
  it("loads the cities but never demo players on an empty database", async () => {
    const fresh = await openTestDatabase();
    try {
      await seedIfEmpty(fresh.db, () => {}, { demo: false });
      expect(await fresh.db.$count(locationSuggestions)).toBeGreaterThan(16_000);
      expect(await fresh.db.$count(users)).toBe(0);
      expect(await fresh.db.$count(courts)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
