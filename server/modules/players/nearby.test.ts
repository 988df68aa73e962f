import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEARBY_LIMIT, nearbyPlayerListSchema } from "../../../common/players.ts";
import { playerProfiles, userSettings, users } from "../../db/schema.ts";
import { eventually } from "../../test-support/eventually.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { signedUpPlayer } from "../checkins/test-checkins.ts";
import { nearbyPlayerChanged } from "./nearby-cells.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Venice Beach; 0.01° of latitude is about 0.69 miles.
const HERE = { latitude: 33.985, longitude: -118.47 };
type Skills = [number, number, number, number, number];

async function player(
  opts: {
    north?: number;
    skills?: Skills | null;
    available?: boolean;
    hidden?: boolean;
    nickname?: string;
    located?: boolean;
    /** Signs up through the API for a session; others are plain rows (much faster). */
    caller?: boolean;
    /** Written without telling the shared cells, as no route would. */
    quiet?: boolean;
    east?: number;
  } = {},
) {
  const bro = opts.caller ? await signedUpPlayer(t.app) : await plainUser();
  if (opts.located !== false) {
    await t.db
      .update(users)
      .set({
        latitude: HERE.latitude + (opts.north ?? 0),
        longitude: HERE.longitude + (opts.east ?? 0),
        city: "Los Angeles",
      })
      .where(eq(users.id, bro.id));
  }
  if (opts.skills !== null) {
    const [h, s, iq, v, d] = opts.skills ?? [3, 3, 3, 3, 3];
    await t.db.insert(playerProfiles).values({
      userId: bro.id,
      nickname: opts.nickname ?? `bro-${bro.id.slice(0, 6)}`,
      primaryPosition: "Center",
      skillHandles: h,
      skillShot: s,
      skillIq: iq,
      skillVert: v,
      skillDefense: d,
      isAvailable: opts.available ?? true,
    });
  }
  if (opts.hidden) await t.db.insert(userSettings).values({ userId: bro.id, showLocation: false });
  // Rows written straight to the tables: dropped from the shared cells as the routes do.
  if (!opts.quiet) await nearbyPlayerChanged(t.db, bro.id);
  return bro;
}

async function plainUser() {
  const [row] = await t.db.insert(users).values({ firstName: "Bro" }).returning({ id: users.id });
  if (!row) throw new Error("no user");
  return { id: row.id, cookie: "" };
}

const nearby = async (cookie: string) => {
  const response = await t.app.inject({ url: "/api/players/nearby", headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return nearbyPlayerListSchema.parse(response.json());
};

describe("GET /api/players/nearby", () => {
  it("orders available first, then closest skills, then distance; skips self, hidden and far", async () => {
    await t.db.delete(users);
    const me = await player({ caller: true, skills: [4, 4, 4, 4, 4] });
    const sameSkillsFar = await player({ north: 0.2, skills: [4, 4, 4, 4, 4] });
    const sameSkillsNear = await player({ north: 0.1, skills: [4, 4, 4, 4, 4] });
    const weaker = await player({ north: 0.01, skills: [2, 2, 2, 2, 2] });
    const busy = await player({ north: 0.01, available: false });
    await player({ north: 0.01, hidden: true });
    await player({ north: 1.0 }); // about 69 miles: outside the radius
    await player({ located: false });
    await player({ skills: null }); // no profile: not a player yet

    const list = await nearby(me.cookie);
    expect(list.map((p) => p.id)).toEqual([
      sameSkillsNear.id,
      sameSkillsFar.id,
      weaker.id,
      busy.id,
    ]);
    expect(list[0]).toMatchObject({ skillGap: 0, skillMatch: 100, isAvailable: true });
    expect(list[0]?.distanceMiles).toBeCloseTo(6.9, 0);
    expect(list[2]).toMatchObject({ skillGap: 10, skillMatch: 50, skillAverage: 2 });
    expect(list[3]).toMatchObject({ isAvailable: false, location: "Los Angeles" });
  });

  it("orders by distance for a caller without a profile", async () => {
    await t.db.delete(users);
    const me = await player({ caller: true, skills: null });
    const far = await player({ north: 0.3, skills: [3, 3, 3, 3, 3] });
    const near = await player({ north: 0.05, skills: [1, 1, 1, 1, 1] });
    const list = await nearby(me.cookie);
    expect(list.map((p) => p.id)).toEqual([near.id, far.id]);
    expect(list[0]).toMatchObject({ skillGap: null, skillMatch: null });
  });

  it("answers an empty list to a caller without a saved position", async () => {
    await player({});
    const me = await player({ caller: true, located: false });
    expect(await nearby(me.cookie)).toEqual([]);
  });

  it(`answers at most ${NEARBY_LIMIT} players`, async () => {
    await t.db.delete(users);
    const me = await player({ caller: true });
    for (let i = 0; i < NEARBY_LIMIT + 2; i++) await player({ north: 0.001 * i });
    expect(await nearby(me.cookie)).toHaveLength(NEARBY_LIMIT);
  });

  it("a player who hides their location or edits their profile shows so in the next answer", async () => {
    await t.db.delete(users);
    const me = await player({ caller: true });
    const bro = await player({ caller: true, north: 0.02, nickname: "Before Edit" });
    const other = await player({ caller: true, north: 0.05 });
    expect((await nearby(me.cookie)).map((p) => p.nickname)).toContain("Before Edit");

    // Through the routes, which drop the shared cells (no direct writes here).
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/profile",
      headers: { cookie: bro.cookie },
      payload: { nickname: "After Edit", primaryPosition: "Center", isAvailable: false },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const edited = (await nearby(me.cookie)).find((p) => p.id === bro.id);
    expect(edited).toMatchObject({ nickname: "After Edit", isAvailable: false });

    const hidden = await t.app.inject({
      method: "PATCH",
      url: "/api/user/settings",
      headers: { cookie: other.cookie },
      payload: { privacy: { showLocation: false } },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id]);
  });

  it("a change drops only the shared cells that show the player or hold where they are", async () => {
    await t.db.delete(users);
    // Each change is also heard back from the hub (as every instance hears it), a moment later.
    const heard: string[] = [];
    const stop = t.app.liveHub.onEvent(({ userId, event }) => {
      if (event.type === "player.changed" && userId) heard.push(userId);
    });
    const me = await player({ caller: true });
    const bro = await player({ caller: true, north: 0.02 });
    const faraway = await player({ caller: true, east: 5 }); // about 290 miles east
    await eventually(async () => [me, bro, faraway].every((p) => heard.includes(p.id)));
    // An instance drops cells for what it hears only after reading where the player is (a
    // round trip later): the drops for bro and me heard above could still land after the read
    // below, and take the cell it made. One more change of the far player, heard after them
    // (NOTIFY keeps commit order) and published after their lookups were sent, lets them land.
    heard.length = 0;
    await nearbyPlayerChanged(t.db, faraway.id);
    await eventually(async () => heard.includes(faraway.id));
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id]);
    const quiet = await player({ north: 0.03, quiet: true });
    const save = (cookie: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/profile",
        headers: { cookie },
        payload: { nickname: "Edited", primaryPosition: "Center" },
      });
    heard.length = 0;
    expect((await save(faraway.cookie)).statusCode).toBeLessThan(300);
    await eventually(async () => heard.includes(faraway.id));
    stop();
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id]);
    expect((await save(bro.cookie)).statusCode).toBeLessThan(300);
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id, quiet.id]);
    // Moved far away (as the location route saves it): gone from the cell they left.
    await t.db
      .update(users)
      .set({ latitude: HERE.latitude + 5 })
      .where(eq(users.id, bro.id));
    await nearbyPlayerChanged(t.db, bro.id);
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([quiet.id]);
  });

  it("answers 401 signed out", async () => {
    const response = await t.app.inject({ url: "/api/players/nearby" });
    expect(response.statusCode).toBe(401);
  });
});
