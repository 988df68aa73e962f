import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameParticipants, gameTeamSettings, gameTeams } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/**
 * Teams made by many taps at once. On PostgreSQL (TEST_DATABASE_URL) the requests run on a pool
 * of 20 connections, so they race for real; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const seatsOf = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, gameId))
  ).map((r) => r.userId);

/** One consistent set: every seated player on exactly one team, A and B within one of each other. */
async function expectOneSet(gameId: number) {
  const rows = await t.db.select().from(gameTeams).where(eq(gameTeams.gameId, gameId));
  expect(rows.map((r) => r.userId).sort()).toEqual((await seatsOf(gameId)).sort());
  const size = (team: string) => rows.filter((r) => r.team === team).length;
  expect(Math.abs(size("A") - size("B"))).toBeLessThanOrEqual(1);
  // One tap's set: every row of it made by one statement, at one time.
  expect(new Set(rows.map((r) => r.madeAt.getTime())).size).toBe(1);
}

describe("many taps at once", () => {
  it("twenty parallel Make teams by the organizer and seated players leave one consistent set", async () => {
    const organizer = await playerWithSession(t.app, t.db);
    const seated = [];
    for (let i = 0; i < 9; i++) seated.push(await playerWithSession(t.app, t.db));
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: seated.map((p) => p.id),
      startsInHours: 30,
      maxPlayers: 16,
    });
    await t.db.insert(gameTeamSettings).values({ gameId, playersMakeTeams: true });
    const tappers = [organizer, ...seated, organizer, ...seated];
    const responses = await Promise.all(
      tappers.map((p) => callApi(t.app, "POST", `/api/games/${gameId}/teams`, p.cookie)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(tappers.map(() => 200));
    await expectOneSet(gameId);
  });

  it("rebalances racing joins and leaves: the teams are always one set of the seats they saw", async () => {
    const organizer = await playerWithSession(t.app, t.db);
    const seated = [];
    for (let i = 0; i < 7; i++) seated.push(await playerWithSession(t.app, t.db));
    const joiners = [];
    for (let i = 0; i < 4; i++) joiners.push(await playerWithSession(t.app, t.db));
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: seated.map((p) => p.id),
      startsInHours: 30,
      maxPlayers: 16,
    });
    const calls = [
      ...joiners.map((p) => callApi(t.app, "POST", `/api/games/${gameId}/join`, p.cookie)),
      ...seated
        .slice(0, 2)
        .map((p) => callApi(t.app, "POST", `/api/games/${gameId}/leave`, p.cookie)),
      ...Array.from({ length: 10 }, () =>
        callApi(t.app, "POST", `/api/games/${gameId}/teams`, organizer.cookie),
      ),
    ];
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.statusCode)).toEqual(calls.map(() => 200));

    // Whatever the order, one last tap makes the teams of the seats as they are.
    await callApi(t.app, "POST", `/api/games/${gameId}/teams`, organizer.cookie);
    await expectOneSet(gameId);
    expect(await seatsOf(gameId)).toHaveLength(1 + 7 - 2 + 4);
  });
});
