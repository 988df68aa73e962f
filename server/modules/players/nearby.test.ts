import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { muOfLevel } from "../../../common/levels.ts";
import { NEARBY_LIMIT, nearbyPlayerListSchema } from "../../../common/players.ts";
import {
  gameAttendance,
  playerProfiles,
  skillRatings,
  userSettings,
  users,
} from "../../db/schema.ts";
import { eventually } from "../../test-support/eventually.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { signedUpPlayer } from "../checkins/test-checkins.ts";
import { SIGMA_START } from "../levels/model.ts";
import { NEARBY_CANDIDATES } from "./service.ts";

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

  it("matches by level once both ratings are settled, by self-rated skills until then", async () => {
    await t.db.delete(users);
    const me = await player({ caller: true, skills: [3, 3, 3, 3, 3] });
    // Said 3 like me, but results put them at level 2.
    const saysSameIsWeaker = await player({ north: 0.01, skills: [3, 3, 3, 3, 3] });
    // Said 5; results put them at 4.5, where results put me.
    const saysMoreIsMyLevel = await player({ north: 0.02, skills: [5, 5, 5, 5, 5] });
    // Said 3 and has no result yet: matched by skills.
    const unrated = await player({ north: 0.03, skills: [3, 3, 3, 3, 3] });
    await t.db.insert(skillRatings).values([
      { userId: saysSameIsWeaker.id, mu: muOfLevel(2), sigma: 2.5, games: 30 },
      { userId: saysMoreIsMyLevel.id, mu: muOfLevel(4.5), sigma: 2.5, games: 30 },
    ]);

    // My own rating still settling: every match is by the five skills.
    await t.db
      .insert(skillRatings)
      .values({ userId: me.id, mu: muOfLevel(4.5), sigma: 2.9, games: 8 });
    const settling = await nearby(me.cookie);
    expect(settling.map((p) => p.id)).toEqual([
      saysSameIsWeaker.id,
      unrated.id,
      saysMoreIsMyLevel.id,
    ]);
    expect(settling.map((p) => p.skillGap)).toEqual([0, 0, 10]);

    await t.db
      .update(skillRatings)
      .set({ sigma: 2.5, games: 30 })
      .where(eq(skillRatings.userId, me.id));
    const settled = await nearby(me.cookie);
    expect(settled.map((p) => p.id)).toEqual([
      saysMoreIsMyLevel.id,
      unrated.id,
      saysSameIsWeaker.id,
    ]);
    // 5 × the level gap: 0 and 12.5 (shown rounded); the unrated player by skills, 0.
    expect(settled.map((p) => p.skillGap)).toEqual([0, 0, 13]);
    expect(settled[0]?.rating).toEqual({ mu: muOfLevel(4.5), sigma: 2.5, games: 30 });
    // A card without a result carries where the self-rating starts the player.
    expect(settled[1]?.rating).toEqual({ mu: muOfLevel(3), sigma: SIGMA_START, games: 0 });
  });

  it("gives each card the player's showing-up record, read for all cards at once", async () => {
    await t.db.delete(users);
    const me = await player({ caller: true });
    const bro = await player({ north: 0.01 });
    const other = await player({ north: 0.02 });
    const courtId = await insertCourtRow(t.db);
    for (const hoursAgo of [50, 60, 70]) {
      const gameId = await insertGameWithPlayers(t.db, {
        courtId,
        organizerId: other.id,
        players: [bro.id],
        startsInHours: -hoursAgo,
      });
      if (hoursAgo !== 70) {
        await t.db.insert(gameAttendance).values({ gameId, userId: bro.id, markedBy: "check_in" });
      }
    }
    const [first, second] = await nearby(me.cookie);
    expect(first?.reliability).toEqual({ userId: bro.id, expected: 3, present: 2, lateDrops: 0 });
    expect(second?.reliability).toEqual({
      userId: other.id,
      expected: 3,
      present: 0,
      lateDrops: 0,
    });
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

    // Through the routes, as players change them.
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

  it("reads every answer afresh: a write straight to the tables and a move show at once", async () => {
    await t.db.delete(users);
    // Players change through the routes and tell every instance; a read waits for nothing.
    const heard: string[] = [];
    const stop = t.app.liveHub.onEvent(({ userId, event }) => {
      if (event.type === "player.changed" && userId) heard.push(userId);
    });
    const me = await player({ caller: true });
    const bro = await player({ caller: true, north: 0.02 });
    await player({ caller: true, east: 5 }); // about 290 miles east
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id]);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/profile",
      headers: { cookie: bro.cookie },
      payload: { nickname: "Edited", primaryPosition: "Center" },
    });
    expect(saved.statusCode).toBeLessThan(300);
    await eventually(async () => heard.includes(bro.id));
    stop();
    // Written straight to the table, no event at all: in the very next answer.
    const direct = await player({ north: 0.03 });
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([bro.id, direct.id]);
    await t.db
      .update(users)
      .set({ latitude: HERE.latitude + 5 })
      .where(eq(users.id, bro.id));
    expect((await nearby(me.cookie)).map((p) => p.id)).toEqual([direct.id]);
  });

  it(`ranks the ${NEARBY_CANDIDATES} findable players nearest the caller, not everyone in the circle`, async () => {
    await t.db.delete(users);
    const me = await player({ caller: true, skills: [4, 4, 4, 4, 4] });
    // A crowd of weaker players within about 7 miles, a hidden one among them (not counted).
    await player({ north: 0.001, hidden: true });
    await t.db.execute(sql`with crowd as (
        insert into users (first_name, latitude, longitude)
        select 'Crowd', ${HERE.latitude} + i * 0.0003, ${HERE.longitude}
        from generate_series(1, ${NEARBY_CANDIDATES - 1}) i returning id)
      insert into player_profiles (user_id, nickname, primary_position, skill_handles, skill_shot,
        skill_iq, skill_vert, skill_defense)
      select id, 'crowd-' || id, 'Guard', 1, 1, 1, 1, 1 from crowd`);
    // The same skills as the caller, about 27 miles away.
    const match = await player({ north: 0.4, skills: [4, 4, 4, 4, 4] });
    const first = await nearby(me.cookie);
    expect(first[0]).toMatchObject({ id: match.id, skillGap: 0 });
    expect(first).toHaveLength(NEARBY_LIMIT);
    // One more weaker player nearer than the match: the match is no longer among the nearest.
    await player({ north: 0.2, skills: [1, 1, 1, 1, 1] });
    const second = await nearby(me.cookie);
    expect(second.map((p) => p.id)).not.toContain(match.id);
    expect(second.every((p) => p.skillGap === 15)).toBe(true);
  });

  it("answers 401 signed out", async () => {
    const response = await t.app.inject({ url: "/api/players/nearby" });
    expect(response.statusCode).toBe(401);
  });
});
