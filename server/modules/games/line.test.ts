import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BELOW_SEATED,
  LINE_ALREADY_SEATED,
  LINE_NOT_FULL,
  LINE_ORGANIZER,
} from "../../../common/game-line.ts";
import {
  GAME_CANCELLED,
  GAME_FULL,
  GAME_STARTED,
  MAX_PLAYERS_MESSAGE,
  ONLY_ORGANIZER,
} from "../../../common/games.ts";
import { gameLine, gameParticipants, games } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { liveEventsKept, notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

type Player = { id: string; cookie: string };
const player = (nickname = "Hooper") => playerWithSession(t.app, t.db, { nickname });
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  cookie?: string,
  body?: unknown,
) => callApi(t.app, method, url, cookie, body);

/**
 * A game 30 h ahead whose `seated` fill all `maxPlayers` seats (organizer first): far enough
 * that a freed seat is given to the line, not offered (seat-offers, decision 103).
 */
async function fullGame(maxPlayers = 3, startsInHours = 30) {
  const organizer = await player("Organizer");
  const seated: Player[] = [];
  for (let i = 1; i < maxPlayers; i++) seated.push(await player(`Seated ${i}`));
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: seated.map((p) => p.id),
    startsInHours,
    maxPlayers,
  });
  return { gameId, organizer, seated };
}

const seatsOf = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, gameId))
  ).map((r) => r.userId);

const currentPlayers = async (gameId: number) =>
  (await t.db.select().from(games).where(eq(games.id, gameId)))[0]?.currentPlayers;

describe("joining the line", () => {
  it("on a full game: first come, first served, each sees their place", async () => {
    const { gameId } = await fullGame();
    const [a, b] = [await player("Alpha"), await player("Bravo")];
    const first = await call("POST", `/api/games/${gameId}/line`, a.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ waiting: 1, position: 1 });
    expect((await call("POST", `/api/games/${gameId}/line`, b.cookie)).json()).toEqual({
      waiting: 2,
      position: 2,
    });
    // Joining again keeps the place.
    expect((await call("POST", `/api/games/${gameId}/line`, a.cookie)).json()).toEqual({
      waiting: 2,
      position: 1,
    });
    expect((await call("GET", `/api/games/${gameId}/line`, b.cookie)).json()).toEqual({
      waiting: 2,
      position: 2,
    });
    // A visitor sees the length only.
    expect((await call("GET", `/api/games/${gameId}/line`)).json()).toEqual({
      waiting: 2,
      position: null,
    });
  });

  it("is refused with a clear 409 on a game with room, to its organizer and to a seated player", async () => {
    const { gameId, organizer, seated } = await fullGame();
    expect((await call("POST", `/api/games/${gameId}/line`, organizer.cookie)).json()).toEqual({
      message: LINE_ORGANIZER,
    });
    const seatedAnswer = await call("POST", `/api/games/${gameId}/line`, seated[0]?.cookie);
    expect(seatedAnswer.statusCode).toBe(409);
    expect(seatedAnswer.json()).toEqual({ message: LINE_ALREADY_SEATED });

    const roomy = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      startsInHours: 24,
    });
    const newcomer = await player();
    const answer = await call("POST", `/api/games/${roomy}/line`, newcomer.cookie);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: LINE_NOT_FULL });
    expect(await t.db.select().from(gameLine).where(eq(gameLine.gameId, roomy))).toEqual([]);
  });

  it("closes when the game starts, and a cancelled game has none", async () => {
    const started = await fullGame(3, -0.5);
    const late = await player();
    const answer = await call("POST", `/api/games/${started.gameId}/line`, late.cookie);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: GAME_STARTED });

    const { gameId, organizer } = await fullGame();
    await call("POST", `/api/games/${gameId}/cancel`, organizer.cookie);
    const cancelled = await call("POST", `/api/games/${gameId}/line`, late.cookie);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: GAME_CANCELLED });
  });

  it("answers 401 signed out, 400 for a bad id and 404 for a missing game", async () => {
    expect((await call("POST", "/api/games/1/line")).statusCode).toBe(401);
    const p = await player();
    const bad = await call("POST", "/api/games/abc/line", p.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await call("POST", "/api/games/999999/line", p.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/games/999999/line")).statusCode).toBe(404);
  });

  it("a full game still answers Join with 409, whoever is in line", async () => {
    const { gameId } = await fullGame();
    const p = await player();
    await call("POST", `/api/games/${gameId}/line`, p.cookie);
    const join = await call("POST", `/api/games/${gameId}/join`, p.cookie);
    expect(join.statusCode).toBe(409);
    expect(join.json()).toEqual({ message: GAME_FULL });
  });
});

describe("a seat frees", () => {
  it("a leave seats the first in line in the same transaction, who is told", async () => {
    const { gameId, organizer, seated } = await fullGame();
    const [a, b] = [await player("First"), await player("Second")];
    await call("POST", `/api/games/${gameId}/line`, a.cookie);
    await call("POST", `/api/games/${gameId}/line`, b.cookie);
    const eventsBefore = (await liveEventsKept(t.db)).length;

    const leave = await call("POST", `/api/games/${gameId}/leave`, seated[0]?.cookie);
    expect(leave.statusCode).toBe(200);
    expect(leave.json().currentPlayers).toBe(3);
    expect(await seatsOf(gameId)).toContain(a.id);
    expect(await currentPlayers(gameId)).toBe(3);
    expect((await call("GET", `/api/games/${gameId}/line`, b.cookie)).json()).toEqual({
      waiting: 1,
      position: 1,
    });
    expect((await call("GET", `/api/games/${gameId}/line`, a.cookie)).json()).toEqual({
      waiting: 1,
      position: null,
    });

    const [promoted] = await notificationsOf(t.db, a.id, "promoted_from_line");
    expect(promoted).toMatchObject({ gameId, kind: "promoted_from_line" });
    expect(await notificationsOf(t.db, b.id, "promoted_from_line")).toEqual([]);
    const organizerHeard = await notificationsOf(t.db, organizer.id, "player_joined");
    expect(organizerHeard.map((n) => (n.payload as { playerName: string }).playerName)).toEqual([
      "First",
    ]);
    const events = (await liveEventsKept(t.db)).slice(eventsBefore);
    expect(events.some((e) => (e.data as { type: string }).type === "game.changed")).toBe(true);
  });

  it("leaving the line lets the ones behind move up; leaving it twice changes nothing", async () => {
    const { gameId } = await fullGame();
    const [a, b, c] = [await player(), await player(), await player()];
    for (const p of [a, b, c]) await call("POST", `/api/games/${gameId}/line`, p.cookie);
    expect((await call("DELETE", `/api/games/${gameId}/line`, b.cookie)).json()).toEqual({
      waiting: 2,
      position: null,
    });
    expect((await call("DELETE", `/api/games/${gameId}/line`, b.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/games/${gameId}/line`, c.cookie)).json()).toEqual({
      waiting: 2,
      position: 2,
    });
  });

  it("the organizer raising the number of players seats the line in order", async () => {
    const { gameId, organizer } = await fullGame(3);
    const line = [await player("Line1"), await player("Line2"), await player("Line3")];
    for (const p of line) await call("POST", `/api/games/${gameId}/line`, p.cookie);
    const edit = await call("PATCH", `/api/games/${gameId}`, organizer.cookie, { maxPlayers: 5 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ maxPlayers: 5, currentPlayers: 5 });
    const seats = await seatsOf(gameId);
    expect(seats).toEqual(expect.arrayContaining([line[0]?.id, line[1]?.id]));
    expect(seats).not.toContain(line[2]?.id);
    expect((await call("GET", `/api/games/${gameId}/line`, line[2]?.cookie)).json()).toEqual({
      waiting: 1,
      position: 1,
    });
    for (const p of line.slice(0, 2)) {
      expect(await notificationsOf(t.db, p.id, "promoted_from_line")).toHaveLength(1);
    }
  });

  it("edit refusals: not the organizer (403), below the seats held or a bad count (400/409)", async () => {
    const { gameId, organizer, seated } = await fullGame(4);
    const notOrganizer = await call("PATCH", `/api/games/${gameId}`, seated[0]?.cookie, {
      maxPlayers: 8,
    });
    expect(notOrganizer.statusCode).toBe(403);
    expect(notOrganizer.json()).toEqual({ message: ONLY_ORGANIZER });
    const below = await call("PATCH", `/api/games/${gameId}`, organizer.cookie, { maxPlayers: 3 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({ message: BELOW_SEATED(4) });
    for (const maxPlayers of [1, 31, 4.5, "6", null]) {
      const bad = await call("PATCH", `/api/games/${gameId}`, organizer.cookie, { maxPlayers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors?.maxPlayers ?? bad.json().message).toContain(
        MAX_PLAYERS_MESSAGE.slice(0, 20),
      );
    }
    expect(
      (await call("PATCH", `/api/games/${gameId}`, undefined, { maxPlayers: 6 })).statusCode,
    ).toBe(401);
    // Lowering to exactly the seats held is fine.
    expect(
      (await call("PATCH", `/api/games/${gameId}`, organizer.cookie, { maxPlayers: 4 })).statusCode,
    ).toBe(200);
    const started = await fullGame(3, -0.5);
    const late = await call("PATCH", `/api/games/${started.gameId}`, started.organizer.cookie, {
      maxPlayers: 6,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: GAME_STARTED });
  });
});

describe("a cancelled game", () => {
  it("clears its line and tells those who waited, as it tells the seated", async () => {
    const { gameId, organizer, seated } = await fullGame();
    const waiting = await player();
    await call("POST", `/api/games/${gameId}/line`, waiting.cookie);
    await call("POST", `/api/games/${gameId}/cancel`, organizer.cookie);
    expect(await t.db.select().from(gameLine).where(eq(gameLine.gameId, gameId))).toEqual([]);
    expect(await notificationsOf(t.db, waiting.id, "game_cancelled")).toHaveLength(1);
    expect(await notificationsOf(t.db, seated[0]?.id as string, "game_cancelled")).toHaveLength(1);
  });
});

describe("the database keeps seats and the line apart", () => {
  it("refuses a line row for a seated player and a seat for one in line", async () => {
    const { gameId, seated } = await fullGame();
    await expect(
      t.db.insert(gameLine).values({ gameId, userId: seated[0]?.id as string }),
    ).rejects.toThrow();
    const waiting = await insertPlayer(t.db);
    await t.db.insert(gameLine).values({ gameId, userId: waiting });
    await expect(
      t.db.insert(gameParticipants).values({ gameId, userId: waiting, status: "joined" }),
    ).rejects.toThrow();
    await t.db
      .delete(gameLine)
      .where(and(eq(gameLine.gameId, gameId), eq(gameLine.userId, waiting)));
  });
});
