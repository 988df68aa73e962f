import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeedSchema } from "../../../common/calendar-feed.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { cancelGame } from "../games/service.ts";
import { FEED_NOT_FOUND } from "./routes.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://bros.example.com" } });
  courtId = await insertCourtRow(t.db, {
    name: "Rancho Park",
    latitude: 34.04,
    longitude: -118.42,
  });
});
afterAll(() => t.close());

const feedOf = async (cookie: string) => {
  const response = await callApi(t.app, "GET", "/api/calendar-feed", cookie);
  expect(response.statusCode).toBe(200);
  return calendarFeedSchema.parse(response.json());
};
/** The path of a feed's URL, as the calendar app asks for it. */
const pathOf = (url: string) => new URL(url).pathname;
const events = (text: string) => text.split("BEGIN:VEVENT").slice(1);

describe("the private calendar feed", () => {
  it("lists the player's games, seated or organized, on the court's clock; a cancelled one says so", async () => {
    const me = await playerWithSession(t.app, t.db);
    const other = await insertPlayer(t.db);
    const seated = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      players: [me.id],
      startsInHours: 30,
      title: "Seated Run",
    });
    const organized = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: me.id,
      startsInHours: 50,
      title: "My Run",
    });
    const recent = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      players: [me.id],
      startsInHours: -48,
      title: "Last Run",
    });
    const cancelled = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      players: [me.id],
      startsInHours: 70,
      title: "Called Off",
    });
    await cancelGame(t.db, other, cancelled);
    const notMine = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      startsInHours: 40,
      title: "Not Mine",
    });
    const longAgo = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      players: [me.id],
      startsInHours: -24 * 40,
      title: "Long Ago",
    });

    const feed = await feedOf(me.cookie);
    expect(feed.url).toMatch(
      /^https:\/\/bros\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect(feed.webcalUrl).toBe(feed.url.replace("https:", "webcal:"));
    // Asked again, the same address.
    expect(await feedOf(me.cookie)).toEqual(feed);

    const response = await callApi(t.app, "GET", pathOf(feed.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = response.body.replace(/\r\n[ \t]/g, "");
    const byGame = new Map(
      events(text).map((e) => [Number(/UID:game-(\d+)@/.exec(e)?.[1]), e] as const),
    );
    expect([...byGame.keys()].sort()).toEqual([seated, organized, recent, cancelled].sort());
    expect(byGame.has(notMine)).toBe(false);
    expect(byGame.has(longAgo)).toBe(false);
    expect(byGame.get(cancelled)).toContain("STATUS:CANCELLED");
    expect(byGame.get(seated)).toContain("STATUS:CONFIRMED");
    expect(byGame.get(seated)).toContain("SUMMARY:Seated Run");
    expect(byGame.get(seated)).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T\d{6}\r\n/);
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles");
  });

  it("a wrong or malformed address answers 404", async () => {
    for (const path of [
      `/api/calendar/${"A".repeat(43)}.ics`,
      "/api/calendar/short.ics",
      `/api/calendar/${"A".repeat(43)}`,
    ]) {
      const response = await callApi(t.app, "GET", path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: FEED_NOT_FOUND });
    }
  });

  it("a reset gives a new address and the old one answers 404", async () => {
    const me = await playerWithSession(t.app, t.db);
    const before = await feedOf(me.cookie);
    const reset = await callApi(t.app, "POST", "/api/calendar-feed/reset", me.cookie);
    expect(reset.statusCode).toBe(200);
    const after = calendarFeedSchema.parse(reset.json());
    expect(after.url).not.toBe(before.url);
    expect(await feedOf(me.cookie)).toEqual(after);
    expect((await callApi(t.app, "GET", pathOf(before.url))).statusCode).toBe(404);
    expect((await callApi(t.app, "GET", pathOf(after.url))).statusCode).toBe(200);
  });

  it("another player's feed is theirs: each address lists its owner's games only", async () => {
    const a = await playerWithSession(t.app, t.db);
    const b = await playerWithSession(t.app, t.db);
    const gameOfA = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: a.id,
      startsInHours: 5,
    });
    const [feedA, feedB] = [await feedOf(a.cookie), await feedOf(b.cookie)];
    expect(feedA.url).not.toBe(feedB.url);
    const textB = (await callApi(t.app, "GET", pathOf(feedB.url))).body;
    expect(events(textB)).toEqual([]);
    expect((await callApi(t.app, "GET", pathOf(feedA.url))).body).toContain(`UID:game-${gameOfA}@`);
  });

  it("the address and its reset need a session", async () => {
    expect((await callApi(t.app, "GET", "/api/calendar-feed")).statusCode).toBe(401);
    expect((await callApi(t.app, "POST", "/api/calendar-feed/reset")).statusCode).toBe(401);
  });
});
