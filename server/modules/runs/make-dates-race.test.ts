import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunInputSchema } from "../../../common/runs.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { games, runRegulars, runs } from "../../db/schema.ts";
import { insertCourtRow, insertUsers } from "../../test-support/game-rows.ts";
import { freshPostgresDatabase } from "../../test-support/test-postgres.ts";
import { makeDueDates } from "./make-dates.ts";
import { createRun } from "./service.ts";

/**
 * Two instances (two pools on one PostgreSQL database) keep the same runs' dates ahead at the
 * same moment, with regulars counted in by default: each date is made once and seats never
 * more than it has.
 */
let scratch: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let one: Database;
let two: Database;

beforeAll(async () => {
  scratch = await freshPostgresDatabase();
  one = openPostgres(scratch.url, { max: 5 });
  two = openPostgres(scratch.url, { max: 5 });
  await migrateDatabase(one);
}, 120_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await scratch?.close();
});

describe("making dates from two instances at once", () => {
  it("makes each date of each run once", async () => {
    const courtId = await insertCourtRow(one.db, { latitude: 34.05, longitude: -118.25 });
    const organizers = await insertUsers(one.db, 12);
    const created = new Date("2027-02-20T20:00:00Z");
    for (const organizerId of organizers) {
      await createRun(
        one.db,
        organizerId,
        createRunInputSchema.parse({
          courtId,
          title: "Run",
          firstDate: "2027-02-23",
          startTime: "18:30",
          weekdays: [1, 3],
          maxPlayers: 3,
        }),
        created,
      );
    }
    // Five regulars counted in by default on every run of three seats.
    const regulars = await insertUsers(one.db, 5);
    const allRuns = await one.db.select({ id: runs.id }).from(runs);
    await one.db
      .insert(runRegulars)
      .values(
        allRuns.flatMap((r) =>
          regulars.map((userId) => ({ runId: r.id, userId, countMeIn: true })),
        ),
      );
    // Five weeks later, every run is behind.
    const later = new Date(created.getTime() + 35 * 86_400_000);
    const made = await Promise.all([
      makeDueDates(one.db, { now: later, batch: 3 }),
      makeDueDates(two.db, { now: later, batch: 3 }),
      makeDueDates(one.db, { now: later, batch: 5 }),
      makeDueDates(two.db, { now: later, batch: 5 }),
    ]);
    const [rows] = await one.db
      .select({
        all: count(),
        distinct: sql<number>`count(distinct (${games.runId}, ${games.runDate}))::int`,
      })
      .from(games);
    expect(rows?.all).toBe(rows?.distinct);
    // Created: 23 Feb to 20 Mar (8 dates); then 30 March to 22 April (8; the 23rd and 25th
    // of March had passed), made once in all.
    expect(made.reduce((a, b) => a + b, 0)).toBe(12 * 8);
    expect(rows?.all).toBe(12 * 16);
    // Each new date seated two regulars beside the organizer: full, never over.
    const seats = await one.db
      .select({
        current: games.currentPlayers,
        rows: sql<number>`(select count(*)::int from game_participants p where p.game_id = ${games.id})`,
      })
      .from(games)
      .where(sql`${games.runDate} >= '2027-03-30'`);
    expect(seats).toHaveLength(12 * 8);
    for (const seat of seats) expect(seat).toEqual({ current: 3, rows: 3 });
    const behind = await one.db
      .select({ n: count() })
      .from(runs)
      .where(eq(runs.madeThrough, "2027-04-24"));
    expect(behind[0]?.n).toBe(12);
  }, 120_000);
});
