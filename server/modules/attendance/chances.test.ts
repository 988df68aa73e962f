import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_CHANCES_IDS_MESSAGE, type GameChance } from "../../../common/attendance.ts";
import { gameAttendance } from "../../db/schema.ts";
import { callApi } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chancesOf = async (ids: string) => {
  const r = await callApi(t.app, "GET", `/api/games/chances?ids=${ids}`);
  return { status: r.statusCode, body: r.json() };
};

/** A game whose seats are the organizer and `players` more newcomers (80% each by the prior). */
async function game(options: {
  players: number;
  maxPlayers: number;
  minPlayers?: number;
  startsInHours?: number;
  status?: string;
}) {
  const courtId = await insertCourtRow(t.db);
  const organizerId = await insertPlayer(t.db);
  const players: string[] = [];
  for (let i = 0; i < options.players; i++) players.push(await insertPlayer(t.db));
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId,
    players,
    startsInHours: options.startsInHours ?? 48,
    maxPlayers: options.maxPlayers,
    ...(options.status ? { status: options.status } : {}),
  });
  if (options.minPlayers) {
    await t.db.execute(
      sql`update games set min_players = ${options.minPlayers} where id = ${gameId}`,
    );
  }
  return { gameId, organizerId, players };
}

describe("GET /api/games/chances: will each game of a list happen?", () => {
  it("gives each upcoming open game its chance of its minimum and of filling", async () => {
    // Four newcomers on four seats, three needed: P(at least 3 of 4 at 80%) and P(all 4).
    const withMin = await game({ players: 3, maxPlayers: 4, minPlayers: 3 });
    const noMin = await game({ players: 1, maxPlayers: 10 });
    const cancelled = await game({ players: 3, maxPlayers: 4, status: "cancelled" });
    const started = await game({ players: 3, maxPlayers: 4, startsInHours: -0.5 });
    const { status, body } = await chancesOf(
      `${[withMin, noMin, cancelled, started].map((g) => g.gameId).join(",")},2147483647`,
    );
    expect(status).toBe(200);
    const byGame = new Map(body.chances.map((c: GameChance) => [c.gameId, c]));
    expect([...byGame.keys()].sort()).toEqual([withMin.gameId, noMin.gameId].sort());
    const on = byGame.get(withMin.gameId) as GameChance;
    expect(on.onChance).toBeCloseTo(4 * 0.8 ** 3 * 0.2 + 0.8 ** 4, 6);
    expect(on.fullChance).toBeCloseTo(0.8 ** 4, 6);
    expect(byGame.get(noMin.gameId)).toEqual({
      gameId: noMin.gameId,
      onChance: null,
      fullChance: 0,
    });
  });

  it("counts each seated player's record: one who showed weighs more than a newcomer", async () => {
    const past = await game({ players: 1, maxPlayers: 10, startsInHours: -72 });
    const [shower] = past.players as [string];
    await t.db
      .insert(gameAttendance)
      .values({ gameId: past.gameId, userId: shower, markedBy: "organizer" });
    const courtId = await insertCourtRow(t.db);
    const organizerId = await insertPlayer(t.db);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId,
      players: [shower],
      startsInHours: 24,
      maxPlayers: 2,
    });
    const { body } = await chancesOf(String(gameId));
    // The newcomer at 4/5, the one who showed once at (1 + 4) / (1 + 5).
    expect(body.chances).toEqual([{ gameId, onChance: null, fullChance: expect.any(Number) }]);
    expect(body.chances[0].fullChance).toBeCloseTo(0.8 * (5 / 6), 6);
  });

  it("once the go/no-go is decided, only the chance of filling is left", async () => {
    const decided = await game({ players: 2, maxPlayers: 4, minPlayers: 2 });
    await t.db.execute(
      sql`update games set decision = 'on', decided_at = now() where id = ${decided.gameId}`,
    );
    const { body } = await chancesOf(String(decided.gameId));
    expect(body.chances[0]).toMatchObject({ gameId: decided.gameId, onChance: null });
  });

  it.each([
    ["no ids", ""],
    ["a word", "abc"],
    ["an empty place", "1,,2"],
    ["an id past the database's range", "99999999999"],
    ["more than a page", Array.from({ length: 101 }, (_, i) => i + 1).join(",")],
  ])("refuses %s with a clear 400", async (_, ids) => {
    const { status, body } = await chancesOf(ids);
    expect(status).toBe(400);
    expect(body.message).toBe(GAME_CHANCES_IDS_MESSAGE);
  });
});
