import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_CANCELLED, gameSchema, ONLY_ORGANIZER } from "../../../common/games.ts";
import { DECIDE_BEFORE_MESSAGE, DECISION_PAST, MIN_ABOVE_MAX } from "../../../common/go-no-go.ts";
import { games } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { jobsOf, liveEventsKept } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { decideDueGames } from "./decision-sweep.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const put = (gameId: number, cookie: string | undefined, body: unknown) =>
  callApi(t.app, "PUT", `/api/games/${gameId}/go-no-go`, cookie, body);

/** An organizer with a session and their game, `startsInHours` away, 10 players at most. */
async function organizerGame(startsInHours = 24, extra: Partial<typeof games.$inferInsert> = {}) {
  const organizer = await playerWithSession(t.app, t.db);
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    startsInHours,
    maxPlayers: 10,
    ...extra,
  });
  return { organizer, gameId };
}

const stored = async (gameId: number) => {
  const [row] = await t.db.select().from(games).where(eq(games.id, gameId));
  return row;
};

describe("PUT /api/games/{id}/go-no-go", () => {
  it("the organizer sets a minimum and decision time; every game read carries it", async () => {
    const { organizer, gameId } = await organizerGame();
    const eventsBefore = (await liveEventsKept(t.db)).length;
    const response = await put(gameId, organizer.cookie, {
      minPlayers: 6,
      decideBeforeMinutes: 120,
    });
    expect(response.statusCode).toBe(200);
    const game = gameSchema.parse(response.json());
    const decideAt = new Date(new Date(game.scheduledAt).getTime() - 120 * 60_000).toISOString();
    const expected = {
      minPlayers: 6,
      decideBeforeMinutes: 120,
      decideAt,
      playAnyway: false,
      decision: null,
    };
    expect(game.goNoGo).toEqual(expected);

    const read = await callApi(t.app, "GET", `/api/games/${gameId}`);
    expect(read.json().goNoGo).toEqual(expected);
    const list = await callApi(t.app, "GET", "/api/games/upcoming");
    expect(list.json().find((g: { id: number }) => g.id === gameId)?.goNoGo).toEqual(expected);

    // The sweep is woken at the decision time; open pages refresh.
    const jobs = await jobsOf(t.db, "go-no-go");
    expect(jobs.map((j) => j.startAfter.toISOString())).toContain(decideAt);
    const events = (await liveEventsKept(t.db)).slice(eventsBefore).map((e) => e.data);
    expect(events).toContainEqual({ type: "game.changed", gameId, courtId });
  });

  it("defaults to 3 hours before; 'play anyway' is switched on and the minimum removed", async () => {
    const { organizer, gameId } = await organizerGame();
    const set = await put(gameId, organizer.cookie, { minPlayers: 4 });
    expect(set.json().goNoGo).toMatchObject({ decideBeforeMinutes: 180, playAnyway: false });
    const anyway = await put(gameId, organizer.cookie, { minPlayers: 4, playAnyway: true });
    expect(anyway.json().goNoGo).toMatchObject({ playAnyway: true });
    const removed = await put(gameId, organizer.cookie, { minPlayers: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().goNoGo).toBeNull();
    expect((await stored(gameId))?.decideAt).toBeNull();
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const { organizer, gameId } = await organizerGame(24, { maxPlayers: 6 });
    const cases: [unknown, string][] = [
      [{ minPlayers: 7 }, MIN_ABOVE_MAX],
      [{ minPlayers: 4, decideBeforeMinutes: 14 }, DECIDE_BEFORE_MESSAGE],
      [{ minPlayers: 4, decideBeforeMinutes: 2881 }, DECIDE_BEFORE_MESSAGE],
      [{ minPlayers: 4, decideBeforeMinutes: 30.5 }, DECIDE_BEFORE_MESSAGE],
      [{ minPlayers: 1 }, "The minimum must be a whole number from 2 to 30"],
      [{ minPlayers: "five" }, "The minimum must be a whole number from 2 to 30"],
      [{ minPlayers: 4, playAnyway: "yes" }, "playAnyway must be true or false"],
    ];
    for (const [body, message] of cases) {
      const response = await put(gameId, organizer.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await stored(gameId))?.minPlayers).toBeNull();
  });

  it("refuses a decision time already past (400)", async () => {
    // Starts in 2 h: 3 h before is past, 90 minutes before is not.
    const { organizer, gameId } = await organizerGame(2);
    const past = await put(gameId, organizer.cookie, { minPlayers: 4, decideBeforeMinutes: 180 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: DECISION_PAST });
    expect((await stored(gameId))?.minPlayers).toBeNull();
    const ahead = await put(gameId, organizer.cookie, { minPlayers: 4, decideBeforeMinutes: 90 });
    expect(ahead.statusCode).toBe(200);
  });

  it("refuses a change once called off (409: cancelled), others (403) and visitors (401)", async () => {
    const { organizer, gameId } = await organizerGame(5);
    await put(gameId, organizer.cookie, { minPlayers: 2, decideBeforeMinutes: 240 });
    await decideDueGames(t.db, () => new Date(Date.now() + 2 * 3_600_000));
    expect((await stored(gameId))?.decision).toBe("off");
    const decided = await put(gameId, organizer.cookie, { minPlayers: 2, decideBeforeMinutes: 15 });
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({ message: GAME_CANCELLED });

    const other = await organizerGame();
    const stranger = await playerWithSession(t.app, t.db);
    const forbidden = await put(other.gameId, stranger.cookie, { minPlayers: 4 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: ONLY_ORGANIZER });
    expect((await put(other.gameId, undefined, { minPlayers: 4 })).statusCode).toBe(401);
    expect((await put(999_999, other.organizer.cookie, { minPlayers: 4 })).statusCode).toBe(404);
    expect((await stored(other.gameId))?.minPlayers).toBeNull();
  });

  it("refuses a change after a 'Game on' (400: the decision time has passed)", async () => {
    const { organizer, gameId } = await organizerGame(5);
    await put(gameId, organizer.cookie, {
      minPlayers: 2,
      decideBeforeMinutes: 240,
      playAnyway: true,
    });
    await decideDueGames(t.db, () => new Date(Date.now() + 2 * 3_600_000));
    expect((await stored(gameId))?.decision).toBe("on");
    const response = await put(gameId, organizer.cookie, {
      minPlayers: 2,
      decideBeforeMinutes: 15,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: DECISION_PAST });
  });
});

describe("POST /api/games with a go/no-go (the create form)", () => {
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const create = (cookie: string, body: Record<string, unknown>) =>
    callApi(t.app, "POST", "/api/games", cookie, {
      courtId,
      title: "Go or no",
      maxPlayers: 8,
      ...body,
    });

  it("creates the game with its minimum and decision time, the sweep woken then", async () => {
    const organizer = await playerWithSession(t.app, t.db);
    const response = await create(organizer.cookie, {
      scheduledAt: inHours(24),
      minPlayers: 6,
      decideBeforeMinutes: 60,
    });
    expect(response.statusCode).toBe(201);
    const game = gameSchema.parse(response.json());
    const decideAt = new Date(new Date(game.scheduledAt).getTime() - 60 * 60_000).toISOString();
    expect(game.goNoGo).toEqual({
      minPlayers: 6,
      decideBeforeMinutes: 60,
      decideAt,
      playAnyway: false,
      decision: null,
    });
    expect((await jobsOf(t.db, "go-no-go")).map((j) => j.startAfter.toISOString())).toContain(
      decideAt,
    );
    const without = await create(organizer.cookie, { scheduledAt: inHours(25) });
    expect(without.json().goNoGo).toBeNull();
  });

  it("refuses a minimum above the players or a decision time already past, per field", async () => {
    const organizer = await playerWithSession(t.app, t.db);
    const above = await create(organizer.cookie, { scheduledAt: inHours(24), minPlayers: 9 });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toMatchObject({ minPlayers: MIN_ABOVE_MAX });
    const past = await create(organizer.cookie, { scheduledAt: inHours(2), minPlayers: 4 });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toMatchObject({ decideBeforeMinutes: DECISION_PAST });
    const outside = await create(organizer.cookie, {
      scheduledAt: inHours(24),
      minPlayers: 4,
      decideBeforeMinutes: 3000,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toMatchObject({ decideBeforeMinutes: DECIDE_BEFORE_MESSAGE });
    const organized = await t.db.select().from(games).where(eq(games.organizerId, organizer.id));
    expect(organized).toEqual([]);
  });
});
