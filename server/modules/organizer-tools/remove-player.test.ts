import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGameTime } from "../../../common/game-time.ts";
import { GAME_STARTED, gameSchema, ORGANIZER_CANNOT_LEAVE } from "../../../common/games.ts";
import {
  ONLY_ORGANIZER_REMOVES,
  PLAYER_NOT_SEATED,
  REMOVE_REASON_REQUIRED,
  REMOVE_REASON_TOO_LONG,
} from "../../../common/organizer-tools.ts";
import { gameDrops, gameLine, gameParticipants, games } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { renderRow } from "../notifications/kinds.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const remove = (gameId: number, userId: string, cookie: string | undefined, body?: unknown) =>
  callApi(t.app, "POST", `/api/games/${gameId}/players/${userId}/remove`, cookie, body);

/** A full game of 3 seats (organizer, `seated`), `waiting` in its line, `startsInHours` away. */
async function fullGame(startsInHours = 48) {
  const organizer = await playerWithSession(t.app, t.db, { nickname: "Coach" });
  const seated = await playerWithSession(t.app, t.db, { nickname: "Rookie" });
  const other = await playerWithSession(t.app, t.db, { nickname: "Other" });
  const waiting = await playerWithSession(t.app, t.db, { nickname: "Waiter" });
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: [seated.id, other.id],
    startsInHours,
    maxPlayers: 3,
    title: "Tuesday run",
  });
  await t.db.insert(gameLine).values({ gameId, userId: waiting.id });
  return { gameId, organizer, seated, other, waiting };
}

const seatsOf = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, gameId))
  )
    .map((r) => r.userId)
    .sort();

const countOf = async (gameId: number) =>
  (await t.db.select({ n: games.currentPlayers }).from(games).where(eq(games.id, gameId)))[0]?.n;

describe("POST /api/games/{id}/players/{userId}/remove", () => {
  it("takes the player off, gives the seat to the first in line and tells the player why", async () => {
    const { gameId, organizer, seated, other, waiting } = await fullGame();
    const response = await remove(gameId, seated.id, organizer.cookie, {
      reason: "  Not a regular here  ",
    });
    expect(response.statusCode).toBe(200);
    const game = gameSchema.parse(response.json());
    expect(game.currentPlayers).toBe(3);
    expect(await seatsOf(gameId)).toEqual([organizer.id, other.id, waiting.id].sort());
    expect(await countOf(gameId)).toBe(3);

    const told = await notificationsOf(t.db, seated.id, "removed_from_game");
    expect(told).toHaveLength(1);
    expect(told[0]?.gameId).toBe(gameId);
    const text = renderRow(told[0] as { kind: string; payload: unknown });
    expect(text.title).toBe("You were removed from Tuesday run");
    expect(text.body).toBe(
      `The organizer took you off the game of ${formatGameTime(game.scheduledAt, "America/Los_Angeles")} at Test Court: “Not a regular here”`,
    );
    expect(await notificationsOf(t.db, waiting.id, "promoted_from_line")).toHaveLength(1);
    // Not the player's own drop: their reliability is not touched.
    const drops = await t.db
      .select()
      .from(gameDrops)
      .where(and(eq(gameDrops.gameId, gameId), eq(gameDrops.userId, seated.id)));
    expect(drops).toEqual([]);
  });

  it("refuses anyone but the organizer (403) and the signed-out (401), changing nothing", async () => {
    const { gameId, seated, other } = await fullGame();
    const byPlayer = await remove(gameId, seated.id, other.cookie, { reason: "Bye" });
    expect(byPlayer.statusCode).toBe(403);
    expect(byPlayer.json().message).toBe(ONLY_ORGANIZER_REMOVES);
    const signedOut = await remove(gameId, seated.id, undefined, { reason: "Bye" });
    expect(signedOut.statusCode).toBe(401);
    expect(await seatsOf(gameId)).toContain(seated.id);
    expect(await notificationsOf(t.db, seated.id, "removed_from_game")).toEqual([]);
  });

  it("needs a reason of 1 to 200 characters (400), changing nothing", async () => {
    const { gameId, organizer, seated } = await fullGame();
    for (const body of [undefined, {}, { reason: "   " }, { reason: 7 }]) {
      const response = await remove(gameId, seated.id, organizer.cookie, body);
      expect(response.statusCode).toBe(400);
      if (body !== undefined) expect(response.json().errors?.reason).toBe(REMOVE_REASON_REQUIRED);
    }
    const long = await remove(gameId, seated.id, organizer.cookie, { reason: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors?.reason).toBe(REMOVE_REASON_TOO_LONG);
    const ok = await remove(gameId, seated.id, organizer.cookie, { reason: "x".repeat(200) });
    expect(ok.statusCode).toBe(200);
  });

  it("404 for a player without a seat, a missing player or game; 409 for the organizer", async () => {
    const { gameId, organizer, waiting } = await fullGame();
    const inLine = await remove(gameId, waiting.id, organizer.cookie, { reason: "Bye" });
    expect(inLine.statusCode).toBe(404);
    expect(inLine.json().message).toBe(PLAYER_NOT_SEATED);
    const nobody = await remove(gameId, "no-such-player", organizer.cookie, { reason: "Bye" });
    expect(nobody.statusCode).toBe(404);
    const noGame = await remove(2_000_000, waiting.id, organizer.cookie, { reason: "Bye" });
    expect(noGame.statusCode).toBe(404);
    const self = await remove(gameId, organizer.id, organizer.cookie, { reason: "Bye" });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ORGANIZER_CANNOT_LEAVE);
    expect(await countOf(gameId)).toBe(3);
  });

  it("409 once the game started, changing nothing", async () => {
    const { gameId, organizer, seated } = await fullGame(-0.5);
    const response = await remove(gameId, seated.id, organizer.cookie, { reason: "Late" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(GAME_STARTED);
    expect(await seatsOf(gameId)).toContain(seated.id);
    expect(await notificationsOf(t.db, seated.id, "removed_from_game")).toEqual([]);
  });

  it("racing the player's own leave: the seat goes once, one player promoted", async () => {
    const { gameId, organizer, seated, other, waiting } = await fullGame();
    const [removed, left] = await Promise.all([
      remove(gameId, seated.id, organizer.cookie, { reason: "Bye" }),
      callApi(t.app, "POST", `/api/games/${gameId}/leave`, seated.cookie),
    ]);
    expect(left.statusCode).toBe(200);
    expect([200, 404]).toContain(removed.statusCode);
    expect(await seatsOf(gameId)).toEqual([organizer.id, other.id, waiting.id].sort());
    expect(await countOf(gameId)).toBe(3);
    const told = await notificationsOf(t.db, seated.id, "removed_from_game");
    expect(told).toHaveLength(removed.statusCode === 200 ? 1 : 0);
  });
});
