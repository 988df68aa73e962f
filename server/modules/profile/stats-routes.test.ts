import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerStatsSchema, recentGameSchema } from "../../../common/profile.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  games,
  playerBadges,
  users,
} from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

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

async function insertUser(firstName: string) {
  const [row] = await t.db.insert(users).values({ firstName }).returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

async function insertCourt(name: string) {
  const [row] = await t.db
    .insert(courts)
    .values({ name, latitude: 34, longitude: -118 })
    .returning({ id: courts.id });
  if (!row) throw new Error("no court");
  return row.id;
}

/** A game with its participants (the organizer is one, as the games issue records it). */
async function insertGame(
  courtId: number,
  organizerId: string,
  players: string[],
  values: { title: string; status: string; daysFromNow: number },
) {
  const [row] = await t.db
    .insert(games)
    .values({
      courtId,
      organizerId,
      title: values.title,
      status: values.status,
      scheduledAt: new Date(Date.now() + values.daysFromNow * DAY),
      currentPlayers: players.length,
    })
    .returning({ id: games.id });
  if (!row) throw new Error("no game");
  await t.db.insert(gameParticipants).values(players.map((userId) => ({ gameId: row.id, userId })));
  return row.id;
}

describe("GET /api/user/stats", () => {
  it("answers honest zeros for a brand-new player", async () => {
    const { cookie } = await signedInPlayer();
    const response = await get("/api/user/stats", cookie);
    expect(response.statusCode).toBe(200);
    expect(playerStatsSchema.parse(response.json())).toEqual({
      gamesPlayed: 0,
      courtsVisited: 0,
      brosConnected: 0,
      winRate: 0,
      avgRating: 0,
      totalHours: 0,
      streak: 0,
    });
  });

  it("counts completed games, their courts and check-ins, and the other players met", async () => {
    const me = await signedInPlayer();
    const [ana, ben, cy, dee] = await Promise.all(
      ["Ana", "Ben", "Cy", "Dee"].map((name) => insertUser(name)),
    );
    const [venice, pasadena, westwood, hollywood] = await Promise.all(
      ["Venice", "Pasadena", "Westwood", "Hollywood"].map((name) => insertCourt(name)),
    );
    const a = ana as string;
    const b = ben as string;
    const c = cy as string;
    const d = dee as string;
    // Two completed games at Venice (Ana twice: she counts once), one at Pasadena I organised.
    await insertGame(venice as number, a, [a, me.id, b], {
      title: "V1",
      status: "completed",
      daysFromNow: -3,
    });
    await insertGame(venice as number, b, [b, me.id, a], {
      title: "V2",
      status: "completed",
      daysFromNow: -2,
    });
    await insertGame(pasadena as number, me.id, [me.id, c], {
      title: "P1",
      status: "completed",
      daysFromNow: -1,
    });
    // Not counted: an open game I joined, and a completed game I was not in.
    await insertGame(westwood as number, d, [d, me.id], {
      title: "W1",
      status: "open",
      daysFromNow: 1,
    });
    await insertGame(hollywood as number, d, [d, a], {
      title: "H1",
      status: "completed",
      daysFromNow: -5,
    });
    // A check-in at Westwood is a visit; one at Venice adds nothing new.
    await t.db.insert(courtCheckIns).values([
      { userId: me.id, courtId: westwood as number, checkedOutAt: new Date() },
      { userId: me.id, courtId: venice as number },
    ]);

    const stats = (await get("/api/user/stats", me.cookie)).json();
    expect(stats).toEqual({
      gamesPlayed: 3,
      courtsVisited: 3,
      brosConnected: 3,
      winRate: 0,
      avgRating: 0,
      totalHours: 0,
      streak: 0,
    });

    const games_ = (await get("/api/user/games", me.cookie)).json();
    expect(games_.map((g: { title: string }) => g.title)).toEqual(["W1", "P1", "V2", "V1"]);
    expect(recentGameSchema.parse(games_[0])).toEqual({
      id: expect.any(Number),
      title: "W1",
      court: { name: "Westwood" },
      scheduledAt: expect.stringMatching(/Z$/),
      status: "open",
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
    const court = await insertCourt("Many Games Court");
    for (let i = 1; i <= 22; i += 1) {
      await insertGame(court, me.id, [me.id], {
        title: `G${i}`,
        status: "completed",
        daysFromNow: -i,
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
    const other = await insertUser("Other");
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
