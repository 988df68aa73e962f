import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NICKNAME_TOO_SHORT, PRIMARY_POSITION_REQUIRED } from "../../../common/profile.ts";
import { TEXT_REFUSED } from "../../../common/text-filter.ts";
import { profileSchema } from "../../../common/user.ts";
import { playerProfiles } from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
// Sign-ups are rate limited per address (20 an hour), so tests that only need "some signed-in
// player without a profile" share this one; no test gives it a profile.
let noProfile: string;
beforeAll(async () => {
  t = await createTestApp();
  noProfile = (await signUpUser(t.app)).cookie;
});
afterAll(() => t.close());

const validProfile = (overrides: Record<string, unknown> = {}) => ({
  nickname: "Splash",
  primaryPosition: "Shooting Guard",
  secondaryPosition: "Small Forward",
  skillHandles: 4,
  skillShot: 5,
  skillIq: 3,
  skillVert: 2,
  skillDefense: 1,
  location: "Venice Beach",
  isAvailable: false,
  ...overrides,
});

const postProfile = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/profile",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

const getProfile = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/user/profile", headers: cookie ? { cookie } : {} });

const profileRowsOf = (userId: string) =>
  t.db.select().from(playerProfiles).where(eq(playerProfiles.userId, userId));

async function userIdOf(cookie: string): Promise<string> {
  const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
  return me.json().id;
}

describe("POST /api/profile", () => {
  it("creates the caller's profile (201), then updates the same row (200)", async () => {
    const { cookie } = await signUpUser(t.app);
    const userId = await userIdOf(cookie);

    const created = await postProfile(cookie, validProfile({ nickname: "  Splash  " }));
    expect(created.statusCode).toBe(201);
    expect(profileSchema.parse(created.json())).toEqual({
      ...validProfile(),
      id: expect.any(Number),
      userId,
      gamesPlayed: 0,
      courtsVisited: 0,
      brosConnected: 0,
    });

    const updated = await postProfile(
      cookie,
      validProfile({ nickname: "Splash Bro", skillShot: 2, secondaryPosition: "", location: "" }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.json().id,
      nickname: "Splash Bro",
      skillShot: 2,
      secondaryPosition: null,
      location: null,
    });
    expect(await profileRowsOf(userId)).toHaveLength(1);

    const read = await getProfile(cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(updated.json());
  });

  it("fills the spec's defaults: skills 3, available, no secondary position or location", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await postProfile(cookie, { nickname: "Rookie", primaryPosition: "Center" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      skillHandles: 3,
      skillShot: 3,
      skillIq: 3,
      skillVert: 3,
      skillDefense: 3,
      isAvailable: true,
      secondaryPosition: null,
      location: null,
    });
  });

  it("never touches another user's profile, whatever ids the body carries", async () => {
    const victim = await signUpUser(t.app);
    const victimId = await userIdOf(victim.cookie);
    const victimProfile = (await postProfile(victim.cookie, validProfile())).json();

    const attacker = await signUpUser(t.app);
    const attackerId = await userIdOf(attacker.cookie);
    const response = await postProfile(
      attacker.cookie,
      validProfile({ nickname: "Hijacker", id: victimProfile.id, userId: victimId }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ userId: attackerId, nickname: "Hijacker" });
    expect(response.json().id).not.toBe(victimProfile.id);

    const [victimRow] = await profileRowsOf(victimId);
    expect(victimRow?.nickname).toBe("Splash");
    expect((await getProfile(victim.cookie)).json()).toEqual(victimProfile);
  });

  it.each([
    [{ nickname: "ab" }, "nickname", NICKNAME_TOO_SHORT],
    [{ nickname: "  ab   " }, "nickname", NICKNAME_TOO_SHORT],
    [{ nickname: "🏀🏀" }, "nickname", NICKNAME_TOO_SHORT],
    [{ nickname: undefined }, "nickname", NICKNAME_TOO_SHORT],
    [{ nickname: "x".repeat(51) }, "nickname", "Nickname must be at most 50 characters"],
    [{ primaryPosition: "" }, "primaryPosition", PRIMARY_POSITION_REQUIRED],
    [{ primaryPosition: undefined }, "primaryPosition", PRIMARY_POSITION_REQUIRED],
    [
      { primaryPosition: "Goalie" },
      "primaryPosition",
      "Primary position must be one of Point Guard, Shooting Guard, Small Forward, Power Forward, Center",
    ],
    [
      { secondaryPosition: "Goalie" },
      "secondaryPosition",
      "Secondary position must be one of Point Guard, Shooting Guard, Small Forward, Power Forward, Center",
    ],
    [{ skillHandles: 0 }, "skillHandles", "Ball Handling must be a whole number from 1 to 5"],
    [{ skillShot: 6 }, "skillShot", "Shooting must be a whole number from 1 to 5"],
    [{ skillIq: 2.5 }, "skillIq", "Basketball IQ must be a whole number from 1 to 5"],
    [{ skillVert: "4" }, "skillVert", "Athleticism must be a whole number from 1 to 5"],
    [{ skillDefense: -1 }, "skillDefense", "Defense must be a whole number from 1 to 5"],
    [{ location: "x".repeat(201) }, "location", "Location must be at most 200 characters"],
    [{ location: "Venice\u0000" }, "location", "Location contains a character that is not allowed"],
    [{ isAvailable: "yes" }, "isAvailable", "Availability must be true or false"],
  ])("answers 400 for %j with the field's message", async (change, field, message) => {
    const response = await postProfile(noProfile, validProfile(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect((await getProfile(noProfile)).statusCode).toBe(404);
  });

  it("refuses a nickname the text filter finds a word in, on the field, keeping the saved one", async () => {
    const { cookie } = await signUpUser(t.app);
    const saved = (await postProfile(cookie, validProfile())).json();
    for (const nickname of ["Sh1tstorm", "  Big Dick  "]) {
      const response = await postProfile(cookie, validProfile({ nickname, skillShot: 1 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: TEXT_REFUSED,
        errors: { nickname: TEXT_REFUSED },
      });
    }
    expect((await getProfile(cookie)).json()).toEqual(saved);
    const [row] = await profileRowsOf(await userIdOf(cookie));
    expect(row).toMatchObject({ nickname: "Splash", skillShot: 5 });
  });

  it("accepts a player's own city as location, up to 200 characters", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await postProfile(cookie, validProfile({ location: "Austin, TX" }));
    expect(response.json().location).toBe("Austin, TX");
    const long = await postProfile(cookie, validProfile({ location: "y".repeat(200) }));
    expect(long.statusCode).toBe(200);
  });

  it("answers 401 signed out and stores nothing", async () => {
    const response = await postProfile(undefined, validProfile());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "You need to sign in first." });
  });
});

describe("GET /api/user/profile", () => {
  it("answers 404 'Profile not found' before the player has one", async () => {
    const response = await getProfile(noProfile);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Profile not found" });
  });

  it("answers 401 signed out", async () => {
    expect((await getProfile()).statusCode).toBe(401);
  });

  it("is reflected in the current user after saving", async () => {
    const { cookie } = await signUpUser(t.app);
    await postProfile(cookie, validProfile());
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ hasProfile: true, profile: { nickname: "Splash" } });
  });
});
