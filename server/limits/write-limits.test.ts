import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_GAMES_CREATED_PER_DAY, TOO_MANY_CREATED } from "../../common/games.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { courtCheckIns, gameParticipants, games } from "../db/schema.ts";
import { callApi, playerWithSession } from "../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers, insertPlayer } from "../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import { currentCount, hitCounter } from "./rate-limit.ts";
import { TOO_MANY_WRITES, WRITE_LIMITS, writeAreaOf } from "./write-limits.ts";

/**
 * Floods of writes. On PostgreSQL (TEST_DATABASE_URL, as in CI) the bursts run on a pool of 20
 * connections at once, so the counting is raced for real.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const statusCounts = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe("write areas", () => {
  it("are the first path segment after /api/, reads and sign-in excluded", () => {
    expect(writeAreaOf("POST", "/api/games/12/join")).toBe("games");
    expect(writeAreaOf("DELETE", "/api/courts/3/favorite")).toBe("courts");
    expect(writeAreaOf("POST", "/api/checkin")).toBe("checkins");
    expect(writeAreaOf("POST", "/api/checkout")).toBe("checkins");
    expect(writeAreaOf("PATCH", "/api/user/settings?x=1")).toBe("user");
    expect(writeAreaOf("GET", "/api/games/12")).toBeUndefined();
    expect(writeAreaOf("POST", "/api/login")).toBeUndefined();
    expect(writeAreaOf("GET", "/api/logout")).toBeUndefined();
    expect(writeAreaOf("POST", "/courts")).toBeUndefined();
  });
});

describe("a signed-in player's writes", () => {
  it("300 simultaneous writes to one area: exactly the limit go through, the rest get 429 with Retry-After", async () => {
    const player = await playerWithSession(t.app, t.db);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () =>
        callApi(t.app, "PUT", `/api/courts/${courtId}/favorite`, player.cookie),
      ),
    );
    expect(statusCounts(responses)).toEqual({
      204: WRITE_LIMITS.default.max,
      429: 300 - WRITE_LIMITS.default.max,
    });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({ message: TOO_MANY_WRITES });
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(refused?.headers["retry-after"])).toBeLessThanOrEqual(3600);

    // Reads, other areas and other players are untouched.
    expect((await callApi(t.app, "GET", "/api/courts/favorites", player.cookie)).statusCode).toBe(
      200,
    );
    expect((await callApi(t.app, "POST", "/api/checkout", player.cookie, {})).statusCode).toBe(200);
    const other = await playerWithSession(t.app, t.db);
    expect(
      (await callApi(t.app, "PUT", `/api/courts/${courtId}/favorite`, other.cookie)).statusCode,
    ).toBe(204);
  });

  it("check-in flips: 200 alternating check-ins and check-outs at once make at most 60 writes", async () => {
    const player = await playerWithSession(t.app, t.db);
    const other = await insertCourtRow(t.db);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? callApi(t.app, "POST", "/api/checkout", player.cookie, {})
          : callApi(t.app, "POST", "/api/checkin", player.cookie, {
              courtId: i % 4 ? courtId : other,
            }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[429]).toBe(200 - WRITE_LIMITS.checkins.max);
    expect(Object.keys(counts).sort()).toEqual(["200", "429"]);
    const rows = await t.db
      .select({ id: courtCheckIns.id })
      .from(courtCheckIns)
      .where(eq(courtCheckIns.userId, player.id));
    expect(rows.length).toBeLessThanOrEqual(WRITE_LIMITS.checkins.max);
  });

  it("covers routes nobody listed, and is shared by every instance on one database", async () => {
    const player = await playerWithSession(t.app, t.db);
    // A second instance on the same database, with a route added after this limit was written.
    const second = await buildApp({
      database: { ...t.database, close: async () => {} },
      config: loadConfig({ NODE_ENV: "test" }),
    });
    second.post("/api/brand-new/thing", async () => ({ ok: true }));
    await second.ready();
    try {
      const half = WRITE_LIMITS.default.max / 2;
      for (let i = 0; i < half; i++) {
        expect(
          (await callApi(t.app, "POST", "/api/brand-new/thing", player.cookie, {})).statusCode,
        ).toBe(404); // the first instance has no such route: still counted
      }
      const onSecond = await Promise.all(
        Array.from({ length: half + 5 }, () =>
          callApi(second, "POST", "/api/brand-new/thing", player.cookie, {}),
        ),
      );
      expect(statusCounts(onSecond)).toEqual({ 200: half, 429: 5 });
    } finally {
      await second.close();
    }
  });
});

describe("join and leave, counted as every write", () => {
  const { max, windowMs } = WRITE_LIMITS.default;
  const gamesCount = (playerId: string) => currentCount(t.db, `writes:games:${playerId}`, windowMs);
  const openGames = async (n: number, values: { maxPlayers?: number; players?: string[] } = {}) => {
    const organizerId = await insertPlayer(t.db);
    return Promise.all(
      Array.from({ length: n }, () =>
        insertGameWithPlayers(t.db, { courtId, organizerId, startsInHours: 24, ...values }),
      ),
    );
  };

  it("simultaneous joins with five writes left: exactly five seats are taken, each request counts once", async () => {
    const player = await playerWithSession(t.app, t.db);
    const ids = await openGames(12);
    for (let i = 0; i < max - 5; i++) await hitCounter(t.db, `writes:games:${player.id}`, windowMs);
    const responses = await Promise.all(
      ids.map((id) => callApi(t.app, "POST", `/api/games/${id}/join`, player.cookie, {})),
    );
    expect(statusCounts(responses)).toEqual({ 200: 5, 429: 7 });
    expect(responses.find((r) => r.statusCode === 429)?.json()).toEqual({
      message: TOO_MANY_WRITES,
    });
    const seats = await t.db
      .select({ gameId: gameParticipants.gameId })
      .from(gameParticipants)
      .where(eq(gameParticipants.userId, player.id));
    expect(seats).toHaveLength(5);
    // The refused ones count too: the hook counts before the route runs.
    expect(await gamesCount(player.id)).toBe(max + 7);
  });

  it("a write refused, failed or kept counts once", async () => {
    const player = await playerWithSession(t.app, t.db);
    const others = await Promise.all([insertPlayer(t.db), insertPlayer(t.db)]);
    const [full] = await openGames(1, { maxPlayers: 3, players: others });
    const [open] = await openGames(1);
    const join = (path: string) => callApi(t.app, "POST", path, player.cookie, {});
    expect((await join(`/api/games/${full}/join`)).statusCode).toBe(409);
    expect(await gamesCount(player.id)).toBe(1);
    expect((await join("/api/games/999999999/join")).statusCode).toBe(404);
    expect((await join("/api/games/abc/leave")).statusCode).toBe(400);
    expect(await gamesCount(player.id)).toBe(3);
    const joined = await join(`/api/games/${open}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: open, currentPlayers: 2 });
    const left = await join(`/api/games/${open}/leave`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ id: open, currentPlayers: 1 });
    expect(await gamesCount(player.id)).toBe(5);
  });

  it("the count refuses past the limit with Retry-After, and starts over after its window", async () => {
    const player = await playerWithSession(t.app, t.db);
    const [id] = await openGames(1);
    const key = `writes:games:${player.id}`;
    for (let i = 0; i < max; i++) await hitCounter(t.db, key, windowMs);
    const refused = await callApi(t.app, "POST", `/api/games/${id}/join`, player.cookie, {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(windowMs / 1000 - 60);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(windowMs / 1000);
    expect(await gamesCount(player.id)).toBe(max + 1);
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '2 hours' where key = ${key}`,
    );
    const joined = await callApi(t.app, "POST", `/api/games/${id}/join`, player.cookie, {});
    expect(joined.statusCode).toBe(200);
    expect(await gamesCount(player.id)).toBe(1);
  });
});

describe("games created per day", () => {
  it(`caps creation at ${MAX_GAMES_CREATED_PER_DAY} in 24 hours, cancelled games included`, async () => {
    const organizer = await playerWithSession(t.app, t.db);
    for (let i = 0; i < MAX_GAMES_CREATED_PER_DAY; i++) {
      const created = await callApi(t.app, "POST", "/api/games", organizer.cookie, {
        courtId,
        title: `Run ${i}`,
        scheduledAt: inHours(24 + i),
      });
      expect(created.statusCode).toBe(201);
      const cancelled = await callApi(
        t.app,
        "POST",
        `/api/games/${created.json().id}/cancel`,
        organizer.cookie,
        {},
      );
      expect(cancelled.statusCode).toBe(200);
    }
    const refused = await callApi(t.app, "POST", "/api/games", organizer.cookie, {
      courtId,
      title: "One too many",
      scheduledAt: inHours(30),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_CREATED });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
  });

  it("simultaneous creates with one left: exactly one game is made", async () => {
    const organizer = await playerWithSession(t.app, t.db);
    await t.db.insert(games).values(
      Array.from({ length: MAX_GAMES_CREATED_PER_DAY - 1 }, () => ({
        courtId,
        organizerId: organizer.id,
        scheduledAt: new Date(Date.now() + 48 * 3_600_000),
        status: "cancelled",
      })),
    );
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callApi(t.app, "POST", "/api/games", organizer.cookie, {
          courtId,
          title: `Race ${i}`,
          scheduledAt: inHours(24),
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 429: 11 });
    const made = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(and(eq(games.organizerId, organizer.id), eq(games.status, "open")));
    expect(made[0]?.n).toBe(1);
  });
});
