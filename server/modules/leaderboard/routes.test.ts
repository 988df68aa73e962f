import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  LEADERBOARD_LIMIT,
  type LeaderboardEntry,
  leaderboardCityListSchema,
  leaderboardEntrySchema,
} from "../../../common/leaderboard.ts";
import { playerProfiles, userSettings, users } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
  insertResult,
} from "../../test-support/game-rows.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { invalidateLeaderboards } from "./shared-boards.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let courtId: number;
/** Everyone's opponent; hides their stats, so never listed themselves. */
let rival: string;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());
// Leaderboards rank everybody: each test starts from no players (their games go with them).
beforeEach(async () => {
  await t.db.delete(users);
  rival = await player("Rival", { hideStats: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/**
 * A board as the API answers it. The rows here are written straight to the tables, past the
 * routes that drop the shared answers (shared-boards.test.ts covers those), so drop them first.
 */
async function board(url: string, cookie?: string): Promise<LeaderboardEntry[]> {
  invalidateLeaderboards(t.db);
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return leaderboardEntrySchema.strict().array().parse(response.json());
}

type PlayerOptions = {
  createdAt?: Date;
  city?: string;
  state?: string;
  area?: string;
  profileImageUrl?: string;
  hideStats?: boolean;
  hideLocation?: boolean;
  withProfile?: boolean;
};

async function player(nickname: string, options: PlayerOptions = {}): Promise<string> {
  const { city, state, profileImageUrl, withProfile = true } = options;
  const id = await insertPlayer(t.db, {
    nickname: withProfile ? nickname : null,
    city,
    state,
    profileImageUrl,
  });
  if (options.createdAt || options.area) {
    await t.db
      .update(playerProfiles)
      .set({ createdAt: options.createdAt, location: options.area })
      .where(eq(playerProfiles.userId, id));
  }
  if (options.hideStats || options.hideLocation) {
    await t.db.insert(userSettings).values({
      userId: id,
      showStats: !options.hideStats,
      showLocation: !options.hideLocation,
    });
  }
  return id;
}

/**
 * Games against the rival, one per letter ("W" won, "L" lost, "U" no result), 3 hours apart
 * and over well before now, the last one starting `lastStartsInHours` from now.
 */
async function record(me: string, outcomes: string, lastStartsInHours = -24) {
  let hours = lastStartsInHours - 3 * outcomes.length;
  for (const outcome of outcomes) {
    hours += 3;
    if (outcome === "U") {
      await insertGameWithPlayers(t.db, {
        courtId,
        organizerId: me,
        players: [rival],
        startsInHours: hours,
      });
    } else {
      const [winners, losers] = outcome === "W" ? [[me], [rival]] : [[rival], [me]];
      await insertDecidedGame(t.db, { courtId, winners, losers, startsInHours: hours });
    }
  }
}

const summary = (entries: LeaderboardEntry[]) =>
  entries.map((e) => [e.rank, e.nickname, e.points, e.wins, e.gamesPlayed, e.winRate, e.streak]);

describe("GET /api/leaderboard/global", () => {
  it("ranks by points, wins, games, then the earlier profile and the id", async () => {
    const early = new Date("2025-01-01T00:00:00Z");
    const late = new Date("2025-06-01T00:00:00Z");
    // Ella signs up before Dan but created her profile after his: Dan ranks first.
    const ella = await player("Ella", { createdAt: late });
    const dan = await player("Dan", { createdAt: early });
    const ace = await player("Ace", { createdAt: late });
    const bob = await player("Bob", { createdAt: early });
    const cyd = await player("Cyd", { createdAt: early });
    const fay = await player("Fay", { createdAt: early });
    const gus = await player("Gus", { createdAt: early });
    await record(ace, "WWW"); // 30 points, 3 wins
    await record(bob, "WLUW"); // 30 points, 2 wins of 3 decided
    await record(cyd, "LLLLLL"); // 30 points, no win
    await record(dan, "WL"); // 15 points, lost last
    await record(ella, "LW"); // 15 points, won last
    await record(fay, "U"); // 5 points, nothing decided
    await record(gus, "U");
    // Not listed: hides stats, has no profile, has played nothing yet.
    await record(await player("Hidden", { hideStats: true }), "WWWWW");
    await record(await player("NoProfile", { withProfile: false }), "WWWW");
    const idle = await player("Idle");
    await insertGameWithPlayers(t.db, { courtId, organizerId: idle, startsInHours: 5 });
    await insertGameWithPlayers(t.db, { courtId, organizerId: idle, startsInHours: -1 });
    await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: idle,
      startsInHours: -30,
      status: "cancelled",
    });

    const [first, second] = [fay, gus].sort();
    const nameOf = new Map([
      [fay, "Fay"],
      [gus, "Gus"],
    ]);
    expect(summary(await board("/api/leaderboard/global"))).toEqual([
      [1, "Ace", 30, 3, 3, 100, 3],
      [2, "Bob", 30, 2, 4, 67, 1],
      [3, "Cyd", 30, 0, 6, 0, 0],
      [4, "Dan", 15, 1, 2, 50, 0],
      [5, "Ella", 15, 1, 2, 50, 1],
      [6, nameOf.get(first as string), 5, 0, 1, 0, 0],
      [7, nameOf.get(second as string), 5, 0, 1, 0, 0],
    ]);
  });

  it("shows the area, else the city, and no location when the player hides it", async () => {
    const venice = await player("Venice", {
      area: "Venice Beach",
      city: "Los Angeles",
      state: "CA",
      profileImageUrl: "https://example.com/v.png",
    });
    const austin = await player("Austin", { city: "Austin", state: "TX" });
    const nowhere = await player("Nowhere");
    const shy = await player("Shy", {
      area: "Hollywood",
      city: "Los Angeles",
      state: "CA",
      hideLocation: true,
    });
    for (const [id, outcomes] of [
      [venice, "WWWW"],
      [austin, "WWW"],
      [nowhere, "WW"],
      [shy, "W"],
    ] as const) {
      await record(id, outcomes);
    }
    const entries = await board("/api/leaderboard/global");
    expect(entries.map((e) => [e.nickname, e.location])).toEqual([
      ["Venice", "Venice Beach"],
      ["Austin", "Austin, TX"],
      ["Nowhere", null],
      ["Shy", null],
    ]);
    expect(entries[0]).toEqual({
      id: venice,
      rank: 1,
      nickname: "Venice",
      profileImageUrl: "https://example.com/v.png",
      streak: 4,
      location: "Venice Beach",
      primaryPosition: "Point Guard",
      gamesPlayed: 4,
      wins: 4,
      winRate: 100,
      points: 40,
    });
  });

  it(`lists at most ${LEADERBOARD_LIMIT} players`, async () => {
    const everyone = [];
    for (let i = 0; i < LEADERBOARD_LIMIT + 2; i += 1) everyone.push(await player(`Player ${i}`));
    // Two games of 26 seats each: everyone has played once.
    await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: everyone[0] as string,
      players: everyone.slice(1, 26),
      startsInHours: -10,
      maxPlayers: 30,
    });
    await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: everyone[26] as string,
      players: everyone.slice(27),
      startsInHours: -10,
      maxPlayers: 30,
    });
    const entries = await board("/api/leaderboard/global");
    expect(entries.map((e) => e.rank)).toEqual(
      Array.from({ length: LEADERBOARD_LIMIT }, (_, i) => i + 1),
    );
  });
});

describe("GET /api/leaderboard/weekly", () => {
  it("counts only games that ended in the last 7 days; the streak stays all-time", async () => {
    const wes = await player("Wes");
    const old = await player("Old");
    // Wes: a win that ended 8 days ago (out), a win that ended 6 days 23 hours ago after
    // starting more than 7 days ago (in), an early-ended win that started and ended more than
    // 7 days ago (out), and a loss yesterday (in).
    await insertDecidedGame(t.db, {
      courtId,
      winners: [wes],
      losers: [rival],
      startsInHours: -8 * 24 - 2,
    });
    await insertDecidedGame(t.db, {
      courtId,
      winners: [wes],
      losers: [rival],
      startsInHours: -7 * 24 - 1,
    });
    const early = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: wes,
      players: [rival],
      startsInHours: -7 * 24 - 1.5,
      endedAt: new Date(Date.now() - 7 * DAY - 0.5 * HOUR),
    });
    await insertResult(t.db, early, { teamA: [wes], teamB: [rival], teamAScore: 3, teamBScore: 1 });
    await insertDecidedGame(t.db, { courtId, winners: [rival], losers: [wes], startsInHours: -24 });
    // Old only played long ago: on the global board, not on the weekly one.
    await record(old, "WWWWWW", -10 * 24);

    expect(summary(await board("/api/leaderboard/weekly"))).toEqual([[1, "Wes", 15, 1, 2, 50, 0]]);
    expect(summary(await board("/api/leaderboard/global"))).toEqual([
      [1, "Old", 60, 6, 6, 100, 6],
      [2, "Wes", 35, 3, 4, 75, 0],
    ]);
  });
});

describe("GET /api/leaderboard/local", () => {
  async function austinAndOthers() {
    const ana = await player("Ana", { city: "Austin", state: "TX" });
    const ben = await player("Ben", { city: "austin", state: "tx" });
    const caliAustin = await player("CaliAustin", { city: "Austin", state: "CA" });
    const hidden = await player("HidesWhere", { city: "Austin", state: "TX", hideLocation: true });
    const secret = await player("HidesStats", { city: "Austin", state: "TX", hideStats: true });
    const dal = await player("Dal", { city: "Dallas", state: "TX" });
    await player("Benchwarmer", { city: "Austin", state: "TX" }); // no played game
    await record(ana, "WW", -30 * 24); // all-time figures, however long ago
    await record(ben, "W");
    for (const id of [caliAustin, hidden, secret, dal]) await record(id, "WWW");
    return { ana, ben };
  }

  it("lists the players of the city asked for, ignoring case, never one hiding it", async () => {
    const { ana, ben } = await austinAndOthers();
    const entries = await board("/api/leaderboard/local?city=AUSTIN&state=Tx");
    expect(summary(entries)).toEqual([
      [1, "Ana", 20, 2, 2, 100, 2],
      [2, "Ben", 10, 1, 1, 100, 1],
    ]);
    expect(entries.map((e) => [e.id, e.location])).toEqual([
      [ana, "Austin, TX"],
      [ben, "austin, tx"],
    ]);
    expect(await board("/api/leaderboard/local?city=Houston&state=TX")).toEqual([]);
  });

  it("uses a signed-in viewer's own city without parameters; else an empty list", async () => {
    await austinAndOthers();
    const viewer = await signUpUser(t.app);
    expect(await board("/api/leaderboard/local", viewer.cookie)).toEqual([]); // no city yet
    await t.db
      .update(users)
      .set({ city: "Austin", state: "TX" })
      .where(eq(users.email, viewer.email));
    expect((await board("/api/leaderboard/local", viewer.cookie)).map((e) => e.nickname)).toEqual([
      "Ana",
      "Ben",
    ]);
    // Parameters win over the viewer's own city.
    expect(
      (await board("/api/leaderboard/local?city=Dallas&state=TX", viewer.cookie)).map(
        (e) => e.nickname,
      ),
    ).toEqual(["Dal"]);
    expect(await board("/api/leaderboard/local")).toEqual([]); // a visitor
  });

  it("refuses bad parameters with 400", async () => {
    for (const [query, field, message] of [
      ["city=Austin", "state", "Give both city and state, or neither"],
      ["state=TX", "state", "Give both city and state, or neither"],
      ["city=%20%20&state=TX", "city", "City is required"],
      [`city=${"x".repeat(201)}&state=TX`, "city", "City must be at most 200 characters"],
      [`city=Austin&state=${"x".repeat(101)}`, "state", "State must be at most 100 characters"],
    ]) {
      const response = await get(`/api/leaderboard/local?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors?.[field as string], query).toBe(message);
    }
  });
});

describe("GET /api/leaderboard/cities", () => {
  it("counts the players a local board would list, most first, then by name", async () => {
    for (const [name, options] of [
      ["Ana", { city: "Austin", state: "TX" }],
      ["Ben", { city: "austin", state: "tx" }],
      ["Cat", { city: "Austin", state: "TX" }],
      ["Dal", { city: "Dallas", state: "TX" }],
      ["Bos", { city: "Boston", state: "MA" }],
      ["Shy", { city: "Chicago", state: "IL", hideLocation: true }],
      ["Mum", { city: "Chicago", state: "IL", hideStats: true }],
      ["Nocity", {}],
    ] as const) {
      await record(await player(name, options), "W");
    }
    await player("Idle", { city: "Chicago", state: "IL" }); // has not played

    invalidateLeaderboards(t.db);
    const response = await get("/api/leaderboard/cities");
    expect(response.statusCode).toBe(200);
    // Austin and austin are one city, shown as most of its players spell it.
    expect(leaderboardCityListSchema.parse(response.json())).toEqual([
      { city: "Austin", state: "TX", players: 3 },
      { city: "Boston", state: "MA", players: 1 },
      { city: "Dallas", state: "TX", players: 1 },
    ]);
  });
});

describe("boards are shared answers, encoded once", () => {
  it("sends an ETag with no-cache, a 304 for a current copy, brotli or gzip when accepted", async () => {
    const me = await player("Shared Sam", { city: "Austin", state: "TX" });
    await record(me, "W");
    for (const url of [
      "/api/leaderboard/global",
      "/api/leaderboard/weekly",
      "/api/leaderboard/local?city=Austin&state=TX",
      "/api/leaderboard/cities",
    ]) {
      invalidateLeaderboards(t.db);
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe("no-cache");
      const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
      const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
      const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    }
  });

  it("a changed board has a new ETag, so an old copy is sent again in full", async () => {
    const me = await player("Changing Chris");
    await record(me, "W");
    invalidateLeaderboards(t.db);
    const before = await get("/api/leaderboard/global");
    await record(me, "W", -2);
    invalidateLeaderboards(t.db);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/leaderboard/global",
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()[0].gamesPlayed).toBe(2);
  });
});
