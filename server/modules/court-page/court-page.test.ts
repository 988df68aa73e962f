import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourtDetail, CourtPresence, RecentCourtGame } from "../../../common/court-page.ts";
import { insertCheckIns } from "../../test-support/check-in-rows.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { updateSettings } from "../settings/service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => callApi(t.app, "GET", url, cookie);

describe("GET /api/courts/{id}", () => {
  it("answers the court's facts with its own time zone, retired courts included", async () => {
    const court = await insertCourtRow(t.db, {
      name: "Venice Beach",
      latitude: 33.985,
      longitude: -118.472,
      numberOfCourts: 4,
      lighting: true,
    });
    const response = await get(`/api/courts/${court}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<CourtDetail>()).toMatchObject({
      id: court,
      name: "Venice Beach",
      numberOfCourts: 4,
      lighting: true,
      isActive: true,
      source: "seed",
      timeZone: "America/Los_Angeles",
      ratingsCount: 0,
      activePlayers: 0,
    });

    const retired = await insertCourtRow(t.db, { isActive: false, latitude: 40.7, longitude: -74 });
    const closed = await get(`/api/courts/${retired}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<CourtDetail>()).toMatchObject({
      isActive: false,
      timeZone: "America/New_York",
    });
  });

  it("says 404 for a court that does not exist and 400 for an id that is not one", async () => {
    expect((await get("/api/courts/999999")).json()).toEqual({ message: "Court not found." });
    expect((await get("/api/courts/999999")).statusCode).toBe(404);
    for (const id of ["abc", "0", "1.5", "99999999999"]) {
      const response = await get(`/api/courts/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Court id must be a positive whole number");
    }
  });
});

describe("GET /api/courts/{id}/presence", () => {
  it("counts for visitors; names for players only where each player's privacy allows", async () => {
    const court = await insertCourtRow(t.db);
    const shown = await insertPlayer(t.db, { nickname: "Showtime" });
    const hidden = await insertPlayer(t.db, { nickname: "Ghost" });
    const stale = await insertPlayer(t.db, { nickname: "Yesterday" });
    await updateSettings(t.db, hidden, { privacy: { showLocation: false } });
    const now = Date.now();
    await insertCheckIns(t.db, [
      { userId: shown, courtId: court, at: new Date(now - 20 * 60_000), minutes: null },
      { userId: hidden, courtId: court, at: new Date(now - 10 * 60_000), minutes: null },
      // Open but past its 3 hours: not here any more.
      { userId: stale, courtId: court, at: new Date(now - 4 * 3_600_000), minutes: null },
    ]);

    const visitor = (await get(`/api/courts/${court}/presence`)).json<CourtPresence>();
    expect(visitor).toEqual({ count: 2, players: [], unnamed: 2, viewerHere: false });

    const viewer = await playerWithSession(t.app, t.db, { nickname: "Viewer" });
    const seen = (await get(`/api/courts/${court}/presence`, viewer.cookie)).json<CourtPresence>();
    expect(seen.count).toBe(2);
    expect(seen.players.map((p) => p.name)).toEqual(["Showtime"]);
    expect(seen.unnamed).toBe(1);
    expect(seen.viewerHere).toBe(false);

    // The hidden player sees themself, never hidden from their own eyes.
    const self = await playerWithSession(t.app, t.db, { nickname: "Self" });
    await updateSettings(t.db, self.id, { privacy: { showLocation: false } });
    await insertCheckIns(t.db, [
      { userId: self.id, courtId: court, at: new Date(), minutes: null },
    ]);
    const mine = (await get(`/api/courts/${court}/presence`, self.cookie)).json<CourtPresence>();
    expect(mine).toMatchObject({ count: 3, unnamed: 1, viewerHere: true });
    expect(mine.players.map((p) => p.name)).toEqual(["Showtime", "Self"]);
    expect((await get(`/api/courts/${court}`)).json<CourtDetail>().activePlayers).toBe(3);
  });
});

describe("GET /api/courts/{id}/recent-games", () => {
  it("lists played games at the court, latest first, with the score when recorded", async () => {
    const court = await insertCourtRow(t.db);
    const elsewhere = await insertCourtRow(t.db);
    const [a, b] = [await insertPlayer(t.db), await insertPlayer(t.db)];
    const older = await insertDecidedGame(t.db, {
      courtId: court,
      winners: [a],
      losers: [b],
      startsInHours: -48,
    });
    const newer = await insertGameWithPlayers(t.db, {
      courtId: court,
      organizerId: a,
      startsInHours: -5,
    });
    await insertGameWithPlayers(t.db, { courtId: court, organizerId: a, startsInHours: 24 });
    await insertGameWithPlayers(t.db, {
      courtId: court,
      organizerId: b,
      startsInHours: -30,
      status: "cancelled",
    });
    await insertDecidedGame(t.db, {
      courtId: elsewhere,
      winners: [a],
      losers: [b],
      startsInHours: -10,
    });

    const games = (await get(`/api/courts/${court}/recent-games`)).json<RecentCourtGame[]>();
    expect(games.map((g) => g.id)).toEqual([newer, older]);
    expect(games[0]?.score).toBeNull();
    expect(games[1]?.score).toEqual({ teamA: 21, teamB: 15 });
  });
});
