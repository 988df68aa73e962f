import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeaderboardEntry } from "../../../common/leaderboard.ts";
import { sessionCookieFor } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/**
 * The boards are shared for a few seconds between viewers; changes made through the API on
 * this instance show at once.
 */
let t: TestApp;
let organizer: { id: string; cookie: string };
let teammate: { id: string; cookie: string };
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  const courtId = await insertCourtRow(t.db);
  const organizerId = await insertPlayer(t.db, { nickname: "Host", city: "Austin", state: "TX" });
  const teammateId = await insertPlayer(t.db, { nickname: "Mate", city: "Austin", state: "TX" });
  organizer = { id: organizerId, cookie: await sessionCookieFor(t.app, t.db, organizerId) };
  teammate = { id: teammateId, cookie: await sessionCookieFor(t.app, t.db, teammateId) };
  gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId,
    players: [teammateId],
    startsInHours: -3,
  });
});
afterAll(() => t.close());

async function board(url: string): Promise<LeaderboardEntry[]> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const pointsOf = (entries: LeaderboardEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.nickname, e.points]));

describe("shared leaderboards", () => {
  it("show a result recorded through the API at once, on every board", async () => {
    const urls = [
      "/api/leaderboard/global",
      "/api/leaderboard/weekly",
      "/api/leaderboard/local?city=austin&state=tx",
    ];
    for (const url of urls) expect(pointsOf(await board(url))).toEqual({ Host: 5, Mate: 5 });

    const result = await t.app.inject({
      method: "POST",
      url: `/api/games/${gameId}/result`,
      headers: { cookie: organizer.cookie, "content-type": "application/json" },
      payload: JSON.stringify({
        teamAScore: 21,
        teamBScore: 9,
        teams: { [organizer.id]: "A", [teammate.id]: "B" },
      }),
    });
    expect(result.statusCode).toBe(200);
    for (const url of urls) expect(pointsOf(await board(url))).toEqual({ Host: 10, Mate: 5 });
  });

  it("drop a player who hides their stats at once", async () => {
    expect((await board("/api/leaderboard/global")).map((e) => e.nickname)).toContain("Mate");
    const hidden = await t.app.inject({
      method: "PATCH",
      url: "/api/user/settings",
      headers: { cookie: teammate.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ privacy: { showStats: false } }),
    });
    expect(hidden.statusCode).toBe(200);
    expect((await board("/api/leaderboard/global")).map((e) => e.nickname)).toEqual(["Host"]);
    const cities = await t.app.inject({ method: "GET", url: "/api/leaderboard/cities" });
    expect(cities.json()).toEqual([{ city: "Austin", state: "TX", players: 1 }]);
  });
});
