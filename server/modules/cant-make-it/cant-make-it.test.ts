import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameParticipants, games } from "../../db/schema.ts";
import { callApi } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { joinLine } from "../games/line.ts";
import { cancelGame, joinGame } from "../games/service.ts";
import { cantMakeItToken } from "../reminders/cant-make-it-token.ts";
import { LINK_NOT_VALID, useCantMakeIt } from "./service.ts";

// The app signs its links with this secret.
const SECRET = "a test secret of at least thirty-two characters";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  courtId = await insertCourtRow(t.db, {
    name: "Rancho Park",
    latitude: 34.04,
    longitude: -118.42,
  });
});
afterAll(() => t.close());

async function seatedIn(gameId: number): Promise<string[]> {
  const rows = await t.db
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(eq(gameParticipants.gameId, gameId));
  return rows.map((r) => r.userId).sort();
}

/**
 * A full game (organizer and `players`, 3 seats) with `waiting` in its line, `hours` away: by
 * default more than 24 h, so the freed seat is given, not offered (decision 103).
 */
async function fullGame(hours = 30) {
  const organizer = await insertPlayer(t.db);
  const [me, other, waiting] = [
    await insertPlayer(t.db),
    await insertPlayer(t.db),
    await insertPlayer(t.db),
  ];
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer,
    players: [me, other],
    startsInHours: hours,
    maxPlayers: 3,
    title: "Sunset Run",
  });
  // insertGameWithPlayers makes at least 10 seats: this game has three.
  await t.db.update(games).set({ maxPlayers: 3 }).where(eq(games.id, gameId));
  await joinLine(t.db, waiting, gameId);
  const [row] = await t.db.select().from(games).where(eq(games.id, gameId));
  const startMs = row?.scheduledAt.getTime() ?? 0;
  const token = cantMakeItToken(SECRET, { gameId, lead: 24, startMs, userId: me });
  return { organizer, me, other, waiting, gameId, token, startMs };
}

const look = (token: string) => callApi(t.app, "GET", `/api/reminders/cant-make-it/${token}`);
const tap = (token: string) => callApi(t.app, "POST", `/api/reminders/cant-make-it/${token}`);

describe("Can't make it", () => {
  it("one tap frees the seat and the first in line takes it at once; no session needed", async () => {
    const g = await fullGame();
    const before = await look(g.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ state: "ready", gameId: g.gameId });
    expect(before.json().message).toMatch(/^Can't make it to Sunset Run, .+ PT\b/);
    // Looking changed nothing.
    expect(await seatedIn(g.gameId)).toContain(g.me);

    const response = await tap(g.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: "freed", gameId: g.gameId });
    expect(response.json().message).toMatch(/^Your seat in Sunset Run, .+ is free now\./);
    expect(await seatedIn(g.gameId)).toEqual([g.organizer, g.other, g.waiting].sort());
    expect(await notificationsOf(t.db, g.waiting, "promoted_from_line")).toHaveLength(1);
  });

  it("a link used twice says so and changes nothing, even after the player joined again", async () => {
    const g = await fullGame();
    expect((await tap(g.token)).statusCode).toBe(200);
    // The line took the seat; a seat opens again and the player takes it back.
    await t.db.update(games).set({ maxPlayers: 4 }).where(eq(games.id, g.gameId));
    await joinGame(t.db, g.me, g.gameId);
    const seats = await seatedIn(g.gameId);
    expect(seats).toContain(g.me);

    const again = await tap(g.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This link was already used: .+ Nothing changed\.$/);
    expect((await look(g.token)).json().state).toBe("used");
    expect(await seatedIn(g.gameId)).toEqual(seats);
  });

  it("after the start, or once the game is cancelled, it says so and changes nothing", async () => {
    const started = await fullGame();
    await t.db
      .update(games)
      .set({ scheduledAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(games.id, started.gameId));
    const late = await tap(started.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/has already started\. Nothing changed\.$/);
    expect(await seatedIn(started.gameId)).toContain(started.me);

    const called = await fullGame();
    await cancelGame(t.db, called.organizer, called.gameId);
    const off = await tap(called.token);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/was cancelled\. Nothing changed\.$/);
    expect(await seatedIn(called.gameId)).toContain(called.me);
  });

  it("a player who already left hears so", async () => {
    const g = await fullGame();
    await t.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, g.gameId), eq(gameParticipants.userId, g.me)));
    const response = await tap(g.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^You no longer hold a seat in Sunset Run/);
  });

  it("a forged link is refused (404), a malformed one is a 400, and neither changes anything", async () => {
    const g = await fullGame();
    const forged = cantMakeItToken("another secret, thirty-two characters long", {
      gameId: g.gameId,
      lead: 24,
      startMs: g.startMs,
      userId: g.other,
    });
    const refused = await tap(forged);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: LINK_NOT_VALID });
    const malformed = await tap("not-a-token");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This link is not a valid "Can\'t make it" link.');
    expect(await seatedIn(g.gameId)).toContain(g.other);
  });

  it("two taps at once: one frees the seat, the other hears it was used", async () => {
    const g = await fullGame();
    const outcomes = await Promise.allSettled([
      useCantMakeIt(t.db, SECRET, g.token),
      useCantMakeIt(t.db, SECRET, g.token),
      useCantMakeIt(t.db, SECRET, g.token),
    ]);
    const freed = outcomes.filter((o) => o.status === "fulfilled");
    expect(freed).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect((o as PromiseRejectedResult).reason.message).toMatch(
        /^(This link was already used|You no longer hold a seat)/,
      );
    }
    expect(await seatedIn(g.gameId)).toEqual([g.organizer, g.other, g.waiting].sort());
  });
});
