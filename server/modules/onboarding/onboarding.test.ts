import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerProfiles, userOnboarding, users } from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AUSTIN = {
  city: "Austin",
  state: "TX",
  country: "US",
  latitude: 30.26715,
  longitude: -97.74306,
};

const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const progress = (cookie: string) => call("GET", "/api/onboarding/progress", cookie);
const saveLocation = (cookie: string, body: unknown) =>
  call("POST", "/api/user/location", cookie, body);
const completeRegistration = (cookie: string) =>
  call("POST", "/api/user/complete-registration", cookie);
const currentUser = async (cookie: string) => (await call("GET", "/api/auth/user", cookie)).json();

async function userIdOf(cookie: string): Promise<string> {
  return (await currentUser(cookie)).id;
}

describe("signed out", () => {
  it("answers 401 to progress, location and complete-registration", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/onboarding/progress", undefined],
      ["POST", "/api/user/location", AUSTIN],
      ["POST", "/api/user/location", {}],
      ["POST", "/api/user/complete-registration", undefined],
    ] as const) {
      const response = await call(method, url, undefined, body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "You need to sign in first." });
    }
  });
});

describe("GET /api/onboarding/progress", () => {
  it("starts a new player at the location step", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await progress(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      steps: { location: false, profile: false, preferences: false },
      currentStep: 0,
      hasCompletedOnboarding: false,
    });
  });

  it("moves past the profile step once a profile exists, and never marks preferences done", async () => {
    const { cookie } = await signUpUser(t.app);
    await t.db
      .insert(playerProfiles)
      .values({ userId: await userIdOf(cookie), nickname: "Dimes", primaryPosition: "Center" });
    expect((await progress(cookie)).json()).toMatchObject({
      steps: { location: false, profile: true, preferences: false },
      currentStep: 0,
    });
    await saveLocation(cookie, AUSTIN);
    expect((await progress(cookie)).json()).toEqual({
      steps: { location: true, profile: true, preferences: false },
      currentStep: 2,
      hasCompletedOnboarding: false,
    });
  });
});

describe("POST /api/user/location", () => {
  it("saves the place on the caller and marks the location step done", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await saveLocation(cookie, AUSTIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(AUSTIN);

    expect(await currentUser(cookie)).toMatchObject(AUSTIN);
    expect((await progress(cookie)).json()).toMatchObject({
      steps: { location: true, profile: false },
      currentStep: 1,
    });
    const userId = await userIdOf(cookie);
    const steps = await t.db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId));
    expect(steps).toEqual([
      expect.objectContaining({ step: "location", completedAt: expect.any(Date), data: AUSTIN }),
    ]);
  });

  it("replaces the place when saved again, keeping one onboarding row", async () => {
    const { cookie } = await signUpUser(t.app);
    await saveLocation(cookie, AUSTIN);
    const aurora = { ...AUSTIN, city: "  Aurora ", state: "CO", latitude: 39.7, longitude: -104.8 };
    expect((await saveLocation(cookie, aurora)).json()).toMatchObject({ city: "Aurora" });
    expect(await currentUser(cookie)).toMatchObject({ city: "Aurora", state: "CO" });
    const userId = await userIdOf(cookie);
    const steps = await t.db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId));
    expect(steps).toHaveLength(1);
    expect(steps[0]?.data).toMatchObject({ city: "Aurora" });
  });

  it("keeps coordinates to 7 decimals, so no absurd value reaches the distance formula", async () => {
    const { cookie } = await signUpUser(t.app);
    const tiny = { ...AUSTIN, latitude: 1e-300, longitude: -118.123456789 };
    expect((await saveLocation(cookie, tiny)).json()).toMatchObject({
      latitude: 0,
      longitude: -118.1234568,
    });
  });

  it("defaults the country to US", async () => {
    const { cookie } = await signUpUser(t.app);
    const { country: _, ...withoutCountry } = AUSTIN;
    expect((await saveLocation(cookie, withoutCountry)).json()).toMatchObject({ country: "US" });
  });

  it("answers 400 for a bad place and changes nothing", async () => {
    const { cookie } = await signUpUser(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ city: "" }, "city"],
      [{ city: "   " }, "city"],
      [{ city: undefined }, "city"],
      [{ city: "c".repeat(201) }, "city"],
      [{ state: "s".repeat(101) }, "state"],
      [{ state: "" }, "state"],
      [{ country: "c".repeat(101) }, "country"],
      [{ latitude: 91 }, "latitude"],
      [{ longitude: -181 }, "longitude"],
      [{ latitude: "30" }, "latitude"],
      [{ longitude: null }, "longitude"],
      [{ city: "Aus\u0000tin" }, "city"],
    ];
    for (const [overrides, field] of cases) {
      const response = await saveLocation(cookie, { ...AUSTIN, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await saveLocation(cookie, ["Austin"])).statusCode).toBe(400);
    expect(await currentUser(cookie)).toMatchObject({ city: null, state: null, latitude: null });
  });

  it("accepts the limits exactly", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await saveLocation(cookie, {
      ...AUSTIN,
      city: "c".repeat(200),
      state: "s".repeat(100),
      country: "k".repeat(100),
      latitude: -90,
      longitude: 180,
    });
    expect(response.statusCode).toBe(200);
  });

  it("only ever changes the caller, whatever ids the body carries", async () => {
    const me = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const otherId = await userIdOf(other.cookie);
    await saveLocation(me.cookie, { ...AUSTIN, id: otherId, userId: otherId });
    expect(await currentUser(me.cookie)).toMatchObject({ city: "Austin" });
    expect(await currentUser(other.cookie)).toMatchObject({ city: null });
    expect((await progress(other.cookie)).json().steps.location).toBe(false);
  });
});

describe("one location per player (issue 31): the profile's area follows the city", () => {
  const LOS_ANGELES = {
    ...AUSTIN,
    city: "Los Angeles",
    state: "CA",
    latitude: 34.05,
    longitude: -118.24,
  };
  const areaOf = async (userId: string) => {
    const [row] = await t.db
      .select({ location: playerProfiles.location })
      .from(playerProfiles)
      .where(eq(playerProfiles.userId, userId));
    return row?.location;
  };
  const withArea = async (cookie: string, location: string) => {
    const userId = await userIdOf(cookie);
    await t.db
      .insert(playerProfiles)
      .values({ userId, nickname: "Area Bro", primaryPosition: "Center", location });
    return userId;
  };

  it("keeps a Los Angeles area when the city is set to Los Angeles", async () => {
    const { cookie } = await signUpUser(t.app);
    const userId = await withArea(cookie, "Santa Monica");
    expect((await saveLocation(cookie, LOS_ANGELES)).statusCode).toBe(200);
    expect(await areaOf(userId)).toBe("Santa Monica");
  });

  it("drops a Los Angeles area when the player moves to another city", async () => {
    const { cookie } = await signUpUser(t.app);
    const userId = await withArea(cookie, "Santa Monica");
    expect((await saveLocation(cookie, LOS_ANGELES)).statusCode).toBe(200);
    expect((await saveLocation(cookie, AUSTIN)).statusCode).toBe(200);
    expect(await areaOf(userId)).toBeNull();
    // Shown the same everywhere: the city now.
    expect((await currentUser(cookie)).profile.location).toBeNull();
  });

  it("drops an old city named as the area when the player moves", async () => {
    const { cookie } = await signUpUser(t.app);
    const userId = await withArea(cookie, "Austin, TX");
    expect((await saveLocation(cookie, AUSTIN)).statusCode).toBe(200);
    expect(await areaOf(userId)).toBe("Austin, TX");
    expect((await saveLocation(cookie, LOS_ANGELES)).statusCode).toBe(200);
    expect(await areaOf(userId)).toBeNull();
  });
});

describe("POST /api/user/complete-registration", () => {
  it("completes the caller's onboarding, idempotently, and only theirs", async () => {
    const me = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    for (let i = 0; i < 2; i++) {
      const response = await completeRegistration(me.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ hasCompletedOnboarding: true });
    }
    expect((await currentUser(me.cookie)).hasCompletedOnboarding).toBe(true);
    expect((await progress(me.cookie)).json().hasCompletedOnboarding).toBe(true);
    expect((await currentUser(other.cookie)).hasCompletedOnboarding).toBe(false);

    // Signing in again now lands on / (the contract: onboarding only until it is complete).
    const [row] = await t.db
      .select({ done: users.hasCompletedOnboarding })
      .from(users)
      .where(eq(users.id, await userIdOf(me.cookie)));
    expect(row?.done).toBe(true);
  });
});
