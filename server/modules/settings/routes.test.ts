import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import { userSettings } from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/user/settings", headers: cookie ? { cookie } : {} });
const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: "PATCH",
    url: "/api/user/settings",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

describe("signed out", () => {
  it("answers 401 to reading and saving, before validating the body", async () => {
    for (const response of [
      await read(),
      await patch(undefined, { privacy: { showLocation: false } }),
      await patch(undefined, { nonsense: 1 }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "You need to sign in first." });
    }
  });
});

describe("GET /api/user/settings", () => {
  it("gives a new player product §2's defaults without storing anything", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await read(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      notifications: {
        gameInvites: true,
        newMessages: true,
        courtUpdates: false,
        weeklyStats: true,
        email: true,
      },
      privacy: { showLocation: true, showStats: true, allowFriendRequests: true },
    });
    expect(response.json()).toEqual(DEFAULT_SETTINGS);
  });
});

describe("PATCH /api/user/settings", () => {
  it("changes only the switches sent and answers the whole settings", async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await patch(cookie, { notifications: { courtUpdates: true } });
    expect(response.statusCode).toBe(200);
    const expected = {
      notifications: { ...DEFAULT_SETTINGS.notifications, courtUpdates: true },
      privacy: DEFAULT_SETTINGS.privacy,
    };
    expect(response.json()).toEqual(expected);
    expect((await read(cookie)).json()).toEqual(expected);

    const second = await patch(cookie, { privacy: { showLocation: false, showStats: false } });
    expect(second.json()).toEqual({
      notifications: expected.notifications,
      privacy: { showLocation: false, showStats: false, allowFriendRequests: true },
    });
    expect((await read(cookie)).json()).toEqual(second.json());
  });

  it("accepts the full body of product §7 and an empty one", async () => {
    const { cookie } = await signUpUser(t.app);
    const all = {
      notifications: {
        gameInvites: false,
        newMessages: false,
        courtUpdates: true,
        weeklyStats: false,
        email: false,
      },
      privacy: { showLocation: false, showStats: false, allowFriendRequests: false },
    };
    expect((await patch(cookie, all)).json()).toEqual(all);
    expect((await patch(cookie, {})).json()).toEqual(all);
    expect((await patch(cookie, { notifications: {}, privacy: {} })).json()).toEqual(all);
    expect((await read(cookie)).json()).toEqual(all);
  });

  it("refuses unknown keys and values that are not true or false, changing nothing", async () => {
    const { cookie } = await signUpUser(t.app);
    for (const body of [
      { notifications: { gameInvite: false } },
      { privacy: { showLocation: false, showEmail: false } },
      { theme: "dark" },
      { notifications: { courtUpdates: "true" } },
      { notifications: { courtUpdates: 1 } },
      { privacy: { showStats: null } },
      { privacy: false },
      { notifications: [] },
      [],
      "on",
      null,
    ]) {
      const response = await patch(cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    expect((await read(cookie)).json()).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps each player's settings apart", async () => {
    const me = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await patch(me.cookie, { privacy: { showLocation: false } });
    await patch(other.cookie, { notifications: { weeklyStats: false } });
    expect((await read(me.cookie)).json()).toEqual({
      ...DEFAULT_SETTINGS,
      privacy: { ...DEFAULT_SETTINGS.privacy, showLocation: false },
    });
    expect((await read(other.cookie)).json()).toEqual({
      ...DEFAULT_SETTINGS,
      notifications: { ...DEFAULT_SETTINGS.notifications, weeklyStats: false },
    });
  });

  it("stores one row per player however many saves arrive at once", async () => {
    const { cookie } = await signUpUser(t.app);
    const before = (await t.db.select().from(userSettings)).length;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        patch(cookie, { notifications: { courtUpdates: i % 2 === 0 } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await t.db.select().from(userSettings)).length).toBe(before + 1);
  });
});
