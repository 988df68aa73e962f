import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerStatsSchema, recentGameSchema } from "../../../common/profile.ts";
import { courtCheckIns, playerBadges } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
  insertRating,
  insertResult,
} from "../../test-support/game-rows.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function signedInPlayer() {
  const { cookie } = await signUpUser(t.app);
  const id = (await get("/api/auth/user", cookie)).json().id as string;
  return { cookie, id };
}

const statsOf = async (cookie: string) => {
  const response = await get("/api/user/stats", cookie);
  expect(response.statusCode).toBe(200);
  return playerStatsSchema.strict().parse(response.json());
};

describe("GET /api/user/stats", () => {
  it("answers honest zeros for a brand-new player", async () => {
    const { cookie } = await signedInPlayer();
    expect(await statsOf(cookie)).toEqual({
      gamesPlayed: 0,
      wins: 0,
      points: 0,
      courtsVisited: 0,
      brosConnected: 0,
      winRate: 0,
      avgRating: 0,
      totalHours: 0,
      streak: 0,
    });
  });

  it("counts only played games, with their results, hours, ratings, courts and bros", async () => {
    const me = await signedInPlayer();
    const [ana, ben, cy, dee] = await Promise.all(
      ["Ana", "Ben", "Cyd", "Dee"].map((nickname) => insertPlayer(t.db, { nickname })),
    );
    const venice = await insertCourtRow(t.db, { name: "Venice" });
    const pasadena = await insertCourtRow(t.db, { name: "Pasadena" });
    const westwood = await insertCourtRow(t.db, { name: "Westwood" });
    const hollywood = await insertCourtRow(t.db, { name: "Hollywood" });
    if (!ana || !ben || !cy || !dee) throw new Error("players missing");

    // Played: won, lost, won, undecided, and won in a game whose result came early (30 min).
    const v1 = await insertGameWithPlayers(t.db, {
      courtId: venice,
      organizerId: ana,
      players: [me.id, ben],
      startsInHours: -72,
      title: "V1",
    });
    await insertResult(t.db, v1, {
      teamA: [ana, me.id],
      teamB: [ben],
      teamAScore: 21,
      teamBScore: 9,
    });
    const v2 = await insertGameWithPlayers(t.db, {
      courtId: venice,
      organizerId: ben,
      players: [me.id, ana],
      startsInHours: -48,
      title: "V2",
    });
    await insertResult(t.db, v2, {
      teamA: [ben],
      teamB: [me.id, ana],
      teamAScore: 21,
      teamBScore: 19,
    });
    const p1 = await insertGameWithPlayers(t.db, {
      courtId: pasadena,
      organizerId: me.id,
      players: [cy],
      startsInHours: -24,
      title: "P1",
    });
    await insertResult(t.db, p1, { teamA: [cy], teamB: [me.id], teamAScore: 10, teamBScore: 11 });
    await insertGameWithPlayers(t.db, {
      courtId: pasadena,
      organizerId: me.id,
      players: [cy],
      startsInHours: -12,
      title: "P2",
    });
    const e1 = await insertGameWithPlayers(t.db, {
      courtId: hollywood,
      organizerId: dee,
      players: [me.id],
      startsInHours: -1,
      endedAt: new Date(Date.now() - 30 * MINUTE),
      title: "E1",
    });
    await insertResult(t.db, e1, { teamA: [me.id], teamB: [dee], teamAScore: 15, teamBScore: 3 });

    // Not played: still to come, still running, cancelled, and a game I had no seat in.
    await insertGameWithPlayers(t.db, {
      courtId: westwood,
      organizerId: dee,
      players: [me.id],
      startsInHours: 24,
      title: "W1",
    });
    await insertGameWithPlayers(t.db, {
      courtId: westwood,
      organizerId: dee,
      players: [me.id],
      startsInHours: -1,
      title: "R1",
    });
    await insertGameWithPlayers(t.db, {
      courtId: westwood,
      organizerId: me.id,
      players: [dee],
      startsInHours: -30,
      status: "cancelled",
      title: "C1",
    });
    await insertDecidedGame(t.db, {
      courtId: hollywood,
      winners: [dee],
      losers: [ana],
      startsInHours: -5,
    });

    // A check-in at Westwood is a visit; one at Venice adds nothing new.
    await t.db.insert(courtCheckIns).values([
      // Ended a minute after it began: the database's clock may run a hair ahead of ours.
      {
        userId: me.id,
        courtId: westwood,
        checkedInAt: new Date(Date.now() - 120_000),
        checkedOutAt: new Date(Date.now() - 60_000),
      },
      { userId: me.id, courtId: venice },
    ]);
    // Ratings I received (4, 5, 4: 4.33 → 4.3); the one I gave does not count.
    await insertRating(t.db, { gameId: v1, raterId: ana, rateeId: me.id, rating: 4 });
    await insertRating(t.db, { gameId: v2, raterId: ben, rateeId: me.id, rating: 5 });
    await insertRating(t.db, { gameId: p1, raterId: cy, rateeId: me.id, rating: 4 });
    await insertRating(t.db, { gameId: p1, raterId: me.id, rateeId: cy, rating: 1 });

    expect(await statsOf(me.cookie)).toEqual({
      gamesPlayed: 5, // V1, V2, P1, P2, E1
      wins: 3,
      points: 40, // 5 × 5 games + 5 × 3 wins
      courtsVisited: 4, // Venice, Pasadena, Hollywood; Westwood by check-in
      brosConnected: 4, // Ana, Ben, Cyd, Dee
      winRate: 75, // 3 won of 4 decided (P2 undecided)
      avgRating: 4.3,
      totalHours: 8.5, // four full games of 2 h and E1's 30 minutes
      streak: 2, // E1 and P1 won, V2 lost (P2 undecided neither breaks nor extends it)
    });

    const recent = recentGameSchema.array().parse((await get("/api/user/games", me.cookie)).json());
    expect(recent.map((g) => [g.title, g.status])).toEqual([
      ["W1", "open"],
      ["R1", "active"],
      ["E1", "completed"],
      ["P2", "completed"],
      ["P1", "completed"],
      ["C1", "cancelled"],
      ["V2", "completed"],
      ["V1", "completed"],
    ]);
    expect(recent[0]).toEqual({
      id: expect.any(Number),
      title: "W1",
      court: { name: "Westwood", timeZone: "America/Los_Angeles" },
      scheduledAt: expect.stringMatching(/Z$/),
      status: "open",
    });
  });

  it("has a streak of 0 after a loss, and rounds the win rate to a whole percent", async () => {
    const me = await signedInPlayer();
    const rival = await insertPlayer(t.db);
    const courtId = await insertCourtRow(t.db);
    await insertDecidedGame(t.db, {
      courtId,
      winners: [me.id],
      losers: [rival],
      startsInHours: -9,
    });
    await insertDecidedGame(t.db, {
      courtId,
      winners: [me.id],
      losers: [rival],
      startsInHours: -6,
    });
    await insertDecidedGame(t.db, {
      courtId,
      winners: [rival],
      losers: [me.id],
      startsInHours: -3,
    });
    const stats = await statsOf(me.cookie);
    expect(stats).toMatchObject({ gamesPlayed: 3, winRate: 67, streak: 0, totalHours: 6 });
  });

  it("does not decide a game for a seat without a team", async () => {
    const me = await signedInPlayer();
    const [a, b] = [await insertPlayer(t.db), await insertPlayer(t.db)];
    const courtId = await insertCourtRow(t.db);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: a,
      players: [b, me.id],
      startsInHours: -4,
    });
    await insertResult(t.db, gameId, { teamA: [a], teamB: [b], teamAScore: 5, teamBScore: 2 });
    expect(await statsOf(me.cookie)).toMatchObject({
      gamesPlayed: 1,
      brosConnected: 2,
      winRate: 0,
      streak: 0,
    });
  });

  it("answers 401 signed out", async () => {
    for (const url of [
      "/api/user/stats",
      "/api/user/games",
      "/api/user/achievements",
      "/api/badges/my",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe("GET /api/user/games", () => {
  it("is empty for a new player and keeps at most the 20 latest", async () => {
    const me = await signedInPlayer();
    expect((await get("/api/user/games", me.cookie)).json()).toEqual([]);
    const courtId = await insertCourtRow(t.db, { name: "Many Games Court" });
    for (let i = 1; i <= 22; i += 1) {
      await insertGameWithPlayers(t.db, {
        courtId,
        organizerId: me.id,
        startsInHours: -24 * i,
        title: `G${i}`,
      });
    }
    const list = (await get("/api/user/games", me.cookie)).json();
    expect(list).toHaveLength(20);
    expect(list[0].title).toBe("G1");
    expect(list[19].title).toBe("G20");
  });
});

describe("GET /api/user/achievements and /api/badges/my", () => {
  it("list only the caller's badges", async () => {
    const me = await signedInPlayer();
    for (const url of ["/api/user/achievements", "/api/badges/my"]) {
      expect((await get(url, me.cookie)).json()).toEqual([]);
    }
    const other = await insertPlayer(t.db, { nickname: "Other" });
    await t.db.insert(playerBadges).values([
      { userId: me.id, badgeType: "iron_bro", earnedAt: new Date("2026-01-02T00:00:00Z") },
      { userId: me.id, badgeType: "hot_shooter", earnedAt: new Date("2026-01-01T00:00:00Z") },
      { userId: other, badgeType: "legend" },
    ]);
    for (const url of ["/api/user/achievements", "/api/badges/my"]) {
      expect((await get(url, me.cookie)).json()).toEqual([
        { id: expect.any(Number), badgeType: "hot_shooter", earnedAt: "2026-01-01T00:00:00.000Z" },
        { id: expect.any(Number), badgeType: "iron_bro", earnedAt: "2026-01-02T00:00:00.000Z" },
      ]);
    }
  });
});
