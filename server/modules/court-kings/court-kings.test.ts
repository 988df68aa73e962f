import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourtKing, Crown } from "../../../common/court-kings.ts";
import { insertCheckIns } from "../../test-support/check-in-rows.ts";
import { callApi, sessionCookieFor } from "../../test-support/direct-session.ts";
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

const DAY = 86_400_000;
const kingsOf = async (court: number) =>
  (await callApi(t.app, "GET", `/api/courts/${court}/kings`)).json<CourtKing[]>();

describe("Court Kings", () => {
  it("ranks by points from days checked in, games played and wins there in the last 90 days", async () => {
    const court = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
    const elsewhere = await insertCourtRow(t.db);
    const [ace, rival, regular, shy, noProfile] = [
      await insertPlayer(t.db, { nickname: "Ace" }),
      await insertPlayer(t.db, { nickname: "Rival" }),
      await insertPlayer(t.db, { nickname: "Regular" }),
      await insertPlayer(t.db, { nickname: "Shy" }),
      await insertPlayer(t.db, { nickname: null }),
    ];
    await updateSettings(t.db, shy, { privacy: { showStats: false } });

    // Ace beats Rival twice here: 2 games + 2 wins = 10 points.
    for (const hours of [-30, -80]) {
      await insertDecidedGame(t.db, {
        courtId: court,
        winners: [ace],
        losers: [rival],
        startsInHours: hours,
      });
    }
    // Wins elsewhere, wins older than 90 days and games still to come do not count here.
    await insertDecidedGame(t.db, {
      courtId: elsewhere,
      winners: [rival],
      losers: [ace],
      startsInHours: -20,
    });
    await insertDecidedGame(t.db, {
      courtId: court,
      winners: [rival],
      losers: [ace],
      startsInHours: -95 * 24,
    });
    await insertGameWithPlayers(t.db, { courtId: court, organizerId: rival, startsInHours: 5 });
    // Regular checked in on 5 different days (two check-ins on one of them): 5 points.
    // Days are the court's (Los Angeles): counted from its last noon or so (20:00 UTC), so the
    // second check-in of a day never falls past its midnight, whatever the hour the test runs.
    const anchor = new Date();
    anchor.setUTCHours(20, 0, 0, 0);
    if (anchor.getTime() > Date.now()) anchor.setUTCDate(anchor.getUTCDate() - 1);
    const now = anchor.getTime();
    await insertCheckIns(t.db, [
      ...[1, 2, 3, 4, 5].map((d) => ({
        userId: regular,
        courtId: court,
        at: new Date(now - d * DAY),
        minutes: 60,
      })),
      { userId: regular, courtId: court, at: new Date(now - 1 * DAY + 60 * 60_000), minutes: 30 },
      { userId: regular, courtId: court, at: new Date(now - 100 * DAY), minutes: 60 },
    ]);
    // Shy (stats hidden) and a player without a profile would top the board: never listed.
    // Rival loses those three too: 5 games = 10 points, level with Ace, who has more wins.
    for (const hours of [-40, -50, -60]) {
      await insertDecidedGame(t.db, {
        courtId: court,
        winners: [shy, noProfile],
        losers: [rival],
        startsInHours: hours,
      });
    }

    const board = await kingsOf(court);
    expect(
      board.map((k) => [k.rank, k.nickname, k.points, k.wins, k.games, k.checkInDays]),
    ).toEqual([
      [1, "Ace", 10, 2, 2, 0],
      [2, "Rival", 10, 0, 5, 0],
      [3, "Regular", 5, 0, 0, 5],
    ]);
  });

  it("breaks equal points by wins, then by who reached the total first", async () => {
    const court = await insertCourtRow(t.db);
    const early = await insertPlayer(t.db, { nickname: "Early" });
    const late = await insertPlayer(t.db, { nickname: "Late" });
    const winner = await insertPlayer(t.db, { nickname: "Winner" });
    const loser = await insertPlayer(t.db, { nickname: "Loser" });
    const now = Date.now();
    // Early and Late both have 3 check-in days (3 points); Early's last one was earlier.
    await insertCheckIns(t.db, [
      ...[10, 11, 12].map((d) => ({
        userId: early,
        courtId: court,
        at: new Date(now - d * DAY),
        minutes: 30,
      })),
      ...[1, 11, 12].map((d) => ({
        userId: late,
        courtId: court,
        at: new Date(now - d * DAY),
        minutes: 30,
      })),
    ]);
    // Winner: 1 game + 1 win = 5; Loser: 1 game + 3 days = 5, but fewer wins.
    await insertDecidedGame(t.db, {
      courtId: court,
      winners: [winner],
      losers: [loser],
      startsInHours: -30,
    });
    await insertCheckIns(
      t.db,
      [20, 21, 22].map((d) => ({
        userId: loser,
        courtId: court,
        at: new Date(now - d * DAY),
        minutes: 30,
      })),
    );

    const board = await kingsOf(court);
    expect(board.map((k) => k.nickname)).toEqual(["Winner", "Loser", "Early", "Late"]);
  });

  it("shows the reigning king their crown on the profile, and nobody else", async () => {
    const court = await insertCourtRow(t.db, { name: "Crown Court" });
    const king = await insertPlayer(t.db, { nickname: "King" });
    const runnerUp = await insertPlayer(t.db, { nickname: "Second" });
    await insertDecidedGame(t.db, {
      courtId: court,
      winners: [king],
      losers: [runnerUp],
      startsInHours: -10,
    });

    const crowns = async (userId: string) =>
      (
        await callApi(t.app, "GET", "/api/user/crowns", await sessionCookieFor(t.app, t.db, userId))
      ).json<Crown[]>();
    expect(await crowns(king)).toEqual([{ courtId: court, courtName: "Crown Court", points: 5 }]);
    expect(await crowns(runnerUp)).toEqual([]);

    // Hiding one's stats takes one off the board, and the crown passes on.
    await updateSettings(t.db, king, { privacy: { showStats: false } });
    expect(await crowns(king)).toEqual([]);
    expect(await crowns(runnerUp)).toEqual([
      { courtId: court, courtName: "Crown Court", points: 2 },
    ]);
    expect((await callApi(t.app, "GET", "/api/user/crowns")).statusCode).toBe(401);
  });

  it("lists at most ten, and answers 404 for an unknown court", async () => {
    const court = await insertCourtRow(t.db);
    const now = Date.now();
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertPlayer(t.db, { nickname: `Player ${i}` })),
    );
    await insertCheckIns(
      t.db,
      players.map((userId) => ({ userId, courtId: court, at: new Date(now - DAY), minutes: 30 })),
    );
    expect(await kingsOf(court)).toHaveLength(10);
    expect((await callApi(t.app, "GET", "/api/courts/999999/kings")).statusCode).toBe(404);
  });

  it("is a shared answer: an ETag with no-cache, a 304 for a current copy, brotli when accepted", async () => {
    const court = await insertCourtRow(t.db);
    const king = await insertPlayer(t.db, { nickname: "Etag King" });
    await insertCheckIns(t.db, [
      { userId: king, courtId: court, at: new Date(Date.now() - DAY), minutes: 30 },
    ]);
    const url = `/api/courts/${court}/kings`;
    const first = await t.app.inject({ method: "GET", url });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
    expect(first.json<CourtKing[]>()[0]?.nickname).toBe("Etag King");
  });
});
