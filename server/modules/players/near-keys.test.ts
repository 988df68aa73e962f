import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARTH_RADIUS, type LatLng } from "../../../common/geo.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { playerNearKeys, playerProfiles, userSettings, users } from "../../db/schema.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { nearbyPlayers, nearbyPlayersQuery } from "./service.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Skills = [number, number, number, number, number];

/** The point `miles` from `from` along `bearing` degrees (a great circle). */
function destination(from: LatLng, bearing: number, miles: number): LatLng {
  const angle = miles / EARTH_RADIUS.mi;
  const lat1 = (from.latitude * Math.PI) / 180;
  const lng1 = (from.longitude * Math.PI) / 180;
  const b = (bearing * Math.PI) / 180;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(b),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(b) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  const longitude = ((((lng2 * 180) / Math.PI + 540) % 360) + 360) % 360;
  return { latitude: (lat2 * 180) / Math.PI, longitude: longitude - 180 };
}

type Seeded = {
  at: LatLng | null;
  skills: Skills | null;
  available: boolean;
  hidden: boolean;
};

/** Players in one statement per table; ids in the order given. */
async function seed(players: Seeded[]): Promise<string[]> {
  const { db } = database;
  if (players.length === 0) return [];
  const rows = await db
    .insert(users)
    .values(players.map((p) => ({ firstName: "Bro", ...(p.at ?? {}) })))
    .returning({ id: users.id });
  const ids = rows.map((row) => row.id);
  const profiles = players.flatMap((p, i) =>
    p.skills
      ? [
          {
            userId: ids[i] ?? "",
            nickname: `bro ${i}`,
            primaryPosition: "Guard",
            skillHandles: p.skills[0],
            skillShot: p.skills[1],
            skillIq: p.skills[2],
            skillVert: p.skills[3],
            skillDefense: p.skills[4],
            isAvailable: p.available,
          },
        ]
      : [],
  );
  if (profiles.length > 0) await db.insert(playerProfiles).values(profiles);
  const hidden = ids.filter((_, i) => players[i]?.hidden);
  if (hidden.length > 0)
    await db.insert(userSettings).values(hidden.map((userId) => ({ userId, showLocation: false })));
  return ids;
}

const CENTERS: LatLng[] = [
  { latitude: 34.05, longitude: -118.25 },
  { latitude: -17, longitude: 179.95 }, // across the antimeridian
  { latitude: 89.6, longitude: 20 }, // over the pole
];
// Few skill values, so the groups (availability, gap) are large and ties in gap are common.
const skill = fc.constantFrom(2, 3, 3, 3, 4);
const skills = fc.tuple(skill, skill, skill, skill, skill);
const player = (center: LatLng) =>
  fc.record({
    at: fc.option(
      fc
        .record({
          bearing: fc.double({ min: 0, max: 360, noNaN: true }),
          // Many near the 50-mile edge, some beyond it.
          miles: fc.oneof(
            fc.double({ min: 0, max: 60, noNaN: true }),
            fc.double({ min: 49.5, max: 50.5, noNaN: true }),
            fc.constant(3),
          ),
        })
        .map(({ bearing, miles }) => destination(center, bearing, miles)),
      { freq: 12 },
    ),
    skills: fc.option(skills, { freq: 12 }),
    available: fc.boolean(),
    hidden: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });

describe("nearby players by the key walk", () => {
  it("gives the answer of the read of every player in the circle", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CENTERS).chain((center) =>
          fc.record({
            center: fc.constant(center),
            mine: fc.option(skills, { freq: 6 }),
            // Over 200 in the box at times, so the walk must read on past its first limit.
            others: fc.oneof(
              fc.array(player(center), { maxLength: 60 }),
              fc.array(player(center), { minLength: 250, maxLength: 450, size: "max" }),
            ),
          }),
        ),
        async ({ center, mine, others }) => {
          await database.db.delete(users);
          const [me] = await seed([{ at: center, skills: mine, available: true, hidden: false }]);
          await seed(others);
          const callerId = me ?? "";
          const got = await nearbyPlayers(database.db, callerId);
          const want = await nearbyPlayersQuery(database.db, callerId, center, mine);
          expect(got.map((p) => [p.id, p.skillGap, p.isAvailable])).toEqual(
            want.map((p) => [p.id, p.skillGap === null ? null : Number(p.skillGap), p.isAvailable]),
          );
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);

  it("reads on when the page ends inside a crowded group (a ring of equals at 45 miles)", async () => {
    const center = CENTERS[0] as LatLng;
    await database.db.delete(users);
    const same: Skills = [3, 3, 3, 3, 3];
    const [me = ""] = await seed([{ at: center, skills: same, available: true, hidden: false }]);
    await seed(
      Array.from({ length: 400 }, (_, i) => ({
        // Nearly one distance all round: the order by key there is by bearing, not by miles.
        at: destination(center, (i * 137.5) % 360, 45 + (i % 97) / 100),
        skills: same,
        available: i % 5 > 0,
        hidden: false,
      })),
    );
    const got = await nearbyPlayers(database.db, me);
    const want = await nearbyPlayersQuery(database.db, me, center, same);
    expect(got).toHaveLength(50);
    expect(got.map((p) => p.id)).toEqual(want.map((p) => p.id));
  });
});

/** A player's key as numbers, or null when they have none. */
async function keyOf(userId: string): Promise<number[] | null> {
  const [row] = await database.db
    .select({ key: playerNearKeys.nearKey })
    .from(playerNearKeys)
    .where(eq(playerNearKeys.userId, userId));
  return row ? (row.key.match(/-?[\d.e+-]+/g) ?? []).map(Number) : null;
}

function expectKey(key: number[] | null, available: boolean, s: Skills, at: LatLng) {
  expect(key?.slice(0, 6)).toEqual([available ? 0 : 100, ...s]);
  const lat = (at.latitude * Math.PI) / 180;
  const lng = (at.longitude * Math.PI) / 180;
  const xyz = [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  xyz.forEach((c, i) => {
    expect(key?.[6 + i]).toBeCloseTo(40 * c, 9);
  });
}

describe("a player's key follows what it depends on", () => {
  const HERE = { latitude: 40.7, longitude: -74 };
  const THERE = { latitude: 41.9, longitude: -87.6 };

  it("a new profile, skills, availability, position, show location, a deleted profile or user", async () => {
    const { db } = database;
    await db.delete(users);
    const [id = ""] = await seed([{ at: HERE, skills: null, available: true, hidden: false }]);
    expect(await keyOf(id)).toBeNull(); // no profile yet
    await db
      .insert(playerProfiles)
      .values({ userId: id, nickname: "Keyed", primaryPosition: "Guard" });
    expectKey(await keyOf(id), true, [3, 3, 3, 3, 3], HERE);

    await db
      .update(playerProfiles)
      .set({ skillHandles: 5, skillDefense: 1 })
      .where(eq(playerProfiles.userId, id));
    expectKey(await keyOf(id), true, [5, 3, 3, 3, 1], HERE);
    await db
      .update(playerProfiles)
      .set({ isAvailable: false })
      .where(eq(playerProfiles.userId, id));
    expectKey(await keyOf(id), false, [5, 3, 3, 3, 1], HERE);

    await db.update(users).set(THERE).where(eq(users.id, id));
    expectKey(await keyOf(id), false, [5, 3, 3, 3, 1], THERE);
    await db.update(users).set({ latitude: null, longitude: null }).where(eq(users.id, id));
    expect(await keyOf(id)).toBeNull();
    await db.update(users).set(HERE).where(eq(users.id, id));
    expectKey(await keyOf(id), false, [5, 3, 3, 3, 1], HERE);

    await db.insert(userSettings).values({ userId: id, showLocation: false });
    expect(await keyOf(id)).toBeNull();
    await db.update(userSettings).set({ showLocation: true }).where(eq(userSettings.userId, id));
    expectKey(await keyOf(id), false, [5, 3, 3, 3, 1], HERE);
    await db.update(userSettings).set({ showLocation: false }).where(eq(userSettings.userId, id));
    expect(await keyOf(id)).toBeNull();
    await db.delete(userSettings).where(eq(userSettings.userId, id)); // back to the default: shown
    expectKey(await keyOf(id), false, [5, 3, 3, 3, 1], HERE);

    await db.delete(playerProfiles).where(eq(playerProfiles.userId, id));
    expect(await keyOf(id)).toBeNull();
    await db
      .insert(playerProfiles)
      .values({ userId: id, nickname: "Keyed", primaryPosition: "Guard" });
    expectKey(await keyOf(id), true, [3, 3, 3, 3, 3], HERE);
    await db.delete(users).where(eq(users.id, id));
    expect(await keyOf(id)).toBeNull();
  });

  it("a player hidden while their skills change at once is not findable (PostgreSQL: a pool)", async () => {
    const { db } = database;
    await db.delete(users);
    const ids = await seed(
      Array.from({ length: 8 }, () => ({
        at: HERE,
        skills: [3, 3, 3, 3, 3] as Skills,
        available: true,
        hidden: false,
      })),
    );
    await Promise.all(
      ids.map(async (id) => {
        let release = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let hid = () => {};
        const hidden = new Promise<void>((resolve) => {
          hid = resolve;
        });
        // The hider writes first and holds its transaction open while the skills change.
        const hider = db.transaction(async (tx) => {
          await tx.insert(userSettings).values({ userId: id, showLocation: false });
          hid();
          await gate;
        });
        await hidden;
        const mover = db
          .update(playerProfiles)
          .set({ skillShot: 5 })
          .where(eq(playerProfiles.userId, id));
        setTimeout(release, 150);
        await Promise.all([hider, mover]);
      }),
    );
    const keyed = await db
      .select({ id: playerNearKeys.userId })
      .from(playerNearKeys)
      .where(inArray(playerNearKeys.userId, ids));
    expect(keyed).toEqual([]);
    const [moved] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${playerProfiles} where skill_shot = 5`,
    );
    const n = moved?.n;
    expect(n).toBe(ids.length);
  });
});
