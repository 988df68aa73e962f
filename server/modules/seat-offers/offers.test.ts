import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_FULL } from "../../../common/games.ts";
import { OFFER_GONE } from "../../../common/seat-offers.ts";
import { gameLine, gameParticipants, games, seatOffers } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { renderRow } from "../notifications/kinds.ts";
import { acceptOffer, lapseDueOffers, offerInsteadNearStart } from "./offers.ts";

/**
 * Seats offered near the start (issue 32 point 4) against a real database: on PostgreSQL
 * (TEST_DATABASE_URL) the accept and the lapse sweeps race on a pool; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  // Venice Beach: the court's clock is Pacific time.
  courtId = await insertCourtRow(t.db, { latitude: 33.985, longitude: -118.472 });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const MIN = 60_000;
// A player living in Los Angeles: their night is the court's.
const LA_HOME = { latitude: 34.05, longitude: -118.25 };

/** A full game (organizer + one seated player) `startsInHours` away, with `waiting` in line. */
async function fullGameWithLine(startsInHours: number, waiting = 2) {
  const organizer = await playerWithSession(t.app, t.db, LA_HOME);
  const seated = await playerWithSession(t.app, t.db, LA_HOME);
  const line = [];
  for (let i = 0; i < waiting; i++) line.push(await playerWithSession(t.app, t.db, LA_HOME));
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: [seated.id],
    startsInHours,
    maxPlayers: 2,
  });
  for (const p of line) await t.db.insert(gameLine).values({ gameId, userId: p.id });
  return { gameId, organizer, seated, line };
}

const gameRow = async (id: number) => {
  const [row] = await t.db.select().from(games).where(eq(games.id, id));
  if (!row) throw new Error("no game");
  return row;
};
const offersOf = (gameId: number) =>
  t.db.select().from(seatOffers).where(eq(seatOffers.gameId, gameId)).orderBy(asc(seatOffers.id));
const seatedIn = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, gameId))
  ).map((r) => r.userId);
const lineOf = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameLine.userId })
      .from(gameLine)
      .where(eq(gameLine.gameId, gameId))
      .orderBy(asc(gameLine.id))
  ).map((r) => r.userId);

/** Seats counted = seats held + seats offered: the invariant every path keeps. */
async function expectCountsConsistent(gameId: number) {
  const game = await gameRow(gameId);
  const held = (await seatedIn(gameId)).length;
  const offered = (await offersOf(gameId)).length;
  expect(game.currentPlayers).toBe(held + offered);
  expect(game.currentPlayers).toBeLessThanOrEqual(game.maxPlayers);
}

const leave = (gameId: number, cookie: string) =>
  callApi(t.app, "POST", `/api/games/${gameId}/leave`, cookie);
const accept = (gameId: number, cookie: string) =>
  callApi(t.app, "POST", `/api/games/${gameId}/offer/accept`, cookie);
const decline = (gameId: number, cookie: string) =>
  callApi(t.app, "POST", `/api/games/${gameId}/offer/decline`, cookie);

describe("a seat freed more than 24 h before the start", () => {
  it("goes straight to the first in line, as before", async () => {
    const { gameId, seated, line } = await fullGameWithLine(30);
    expect((await leave(gameId, seated.cookie)).statusCode).toBe(200);
    expect(await offersOf(gameId)).toEqual([]);
    expect(await seatedIn(gameId)).toContain(line[0]?.id);
    expect(await lineOf(gameId)).toEqual([line[1]?.id]);
    await expectCountsConsistent(gameId);
  });
});

describe("a seat freed within 24 h of the start", () => {
  it("is offered to the first in line, told at once, held from a new joiner; one tap takes it", async () => {
    const { gameId, seated, line } = await fullGameWithLine(10);
    const before = Date.now();
    expect((await leave(gameId, seated.cookie)).statusCode).toBe(200);
    const [offer] = await offersOf(gameId);
    expect(offer?.userId).toBe(line[0]?.id);
    const game = await gameRow(gameId);
    // The window (30 min at 10 h) or the night rule, never past the start.
    expect(offer?.lapsesAt.getTime()).toBeGreaterThanOrEqual(before + 30 * MIN);
    expect(offer?.lapsesAt.getTime()).toBeLessThanOrEqual(game.scheduledAt.getTime());
    expect(await lineOf(gameId)).toEqual([line[1]?.id]);
    expect(await seatedIn(gameId)).not.toContain(line[0]?.id);
    await expectCountsConsistent(gameId);

    const [notice] = await notificationsOf(t.db, line[0]?.id as string, "seat_offered");
    expect(notice).toBeDefined();
    expect(renderRow(notice as never).title).toMatch(/^A seat is yours: /);

    const mine = await callApi(t.app, "GET", `/api/games/${gameId}/offer`, line[0]?.cookie);
    expect(mine.json()).toEqual({ lapsesAt: offer?.lapsesAt.toISOString() });
    const theirs = await callApi(t.app, "GET", `/api/games/${gameId}/offer`, line[1]?.cookie);
    expect(theirs.json()).toEqual({ lapsesAt: null });

    // The held seat is not free to a newcomer.
    const newcomer = await playerWithSession(t.app, t.db, LA_HOME);
    const join = await callApi(t.app, "POST", `/api/games/${gameId}/join`, newcomer.cookie);
    expect(join.statusCode).toBe(409);
    expect(join.json().message).toBe(GAME_FULL);

    const taken = await accept(gameId, line[0]?.cookie as string);
    expect(taken.statusCode).toBe(200);
    expect(await seatedIn(gameId)).toContain(line[0]?.id);
    expect(await offersOf(gameId)).toEqual([]);
    await expectCountsConsistent(gameId);
    expect((await gameRow(gameId)).currentPlayers).toBe(2);

    // A second tap: nothing left to take.
    const again = await accept(gameId, line[0]?.cookie as string);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFER_GONE);
  });

  it("'No thanks' passes it to the next in line", async () => {
    const { gameId, seated, line } = await fullGameWithLine(10);
    await leave(gameId, seated.cookie);
    expect((await decline(gameId, line[0]?.cookie as string)).statusCode).toBe(200);
    const offers = await offersOf(gameId);
    expect(offers.map((o) => o.userId)).toEqual([line[1]?.id]);
    expect(await lineOf(gameId)).toEqual([]);
    expect(await seatedIn(gameId)).not.toContain(line[0]?.id);
    expect(await notificationsOf(t.db, line[1]?.id as string, "seat_offered")).toHaveLength(1);
    await expectCountsConsistent(gameId);
  });

  it("declined with nobody left in line, the seat is simply free, as today", async () => {
    const { gameId, seated, line } = await fullGameWithLine(10, 1);
    await leave(gameId, seated.cookie);
    await decline(gameId, line[0]?.cookie as string);
    expect(await offersOf(gameId)).toEqual([]);
    expect((await gameRow(gameId)).currentPlayers).toBe(1);
    const newcomer = await playerWithSession(t.app, t.db, LA_HOME);
    expect(
      (await callApi(t.app, "POST", `/api/games/${gameId}/join`, newcomer.cookie)).statusCode,
    ).toBe(200);
    await expectCountsConsistent(gameId);
  });

  it("a lapse passes it on; the lapsed offer can no longer be taken", async () => {
    const { gameId, seated, line } = await fullGameWithLine(10);
    await leave(gameId, seated.cookie);
    const [first] = await offersOf(gameId);
    const after = new Date((first?.lapsesAt.getTime() ?? 0) + 1);
    expect(await lapseDueOffers(t.db, () => after)).toBeGreaterThanOrEqual(1);
    const offers = await offersOf(gameId);
    expect(offers.map((o) => o.userId)).toEqual([line[1]?.id]);
    expect(await seatedIn(gameId)).not.toContain(line[0]?.id);
    await expectCountsConsistent(gameId);
    // Even before the sweep sees it, an offer past its time cannot be taken.
    const late = new Date((offers[0]?.lapsesAt.getTime() ?? 0) + 1);
    await expect(acceptOffer(t.db, line[1]?.id as string, gameId, () => late)).rejects.toThrow(
      OFFER_GONE,
    );
    // The last one lapses with nobody behind: the seat is free.
    await lapseDueOffers(t.db, () => late);
    expect(await offersOf(gameId)).toEqual([]);
    expect((await gameRow(gameId)).currentPlayers).toBe(1);
  });

  it("nobody in line: the seat is free as today", async () => {
    const { gameId, seated } = await fullGameWithLine(10, 0);
    await leave(gameId, seated.cookie);
    expect(await offersOf(gameId)).toEqual([]);
    expect((await gameRow(gameId)).currentPlayers).toBe(1);
  });

  it("a game called off withdraws its offers: the player offered is told with the line", async () => {
    const { gameId, organizer, seated, line } = await fullGameWithLine(10);
    await leave(gameId, seated.cookie);
    const cancel = await callApi(t.app, "POST", `/api/games/${gameId}/cancel`, organizer.cookie);
    expect(cancel.statusCode).toBe(200);
    expect(await offersOf(gameId)).toEqual([]);
    await expectCountsConsistent(gameId);
    for (const p of line) {
      expect(await notificationsOf(t.db, p.id, "game_cancelled")).toHaveLength(1);
    }
    const late = await accept(gameId, line[0]?.cookie as string);
    expect(late.statusCode).toBe(409);
  });

  it("a missing offer is a 409 with a message; a bad id a 400; signed out a 401", async () => {
    const { gameId, line } = await fullGameWithLine(10, 1);
    const none = await decline(gameId, line[0]?.cookie as string);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(OFFER_GONE);
    expect((await accept(Number.NaN, line[0]?.cookie as string)).statusCode).toBe(400);
    expect((await callApi(t.app, "POST", `/api/games/${gameId}/offer/accept`)).statusCode).toBe(
      401,
    );
    expect(await lineOf(gameId)).toEqual([line[0]?.id]);
  });
});

describe("windows at the edges, on the player's clock (the service with a set 'now')", () => {
  // Saturday 28 November 2026, noon in Los Angeles.
  const NOON_PT = new Date("2026-11-28T20:00:00Z");

  /** Offers the one freed seat of a game `msToStart` after `now`: the offer, or null. */
  async function offerAt(now: Date, msToStart: number, home = LA_HOME) {
    const { gameId, line, organizer, seated } = await fullGameWithLine(48, 1);
    await t.db
      .update(games)
      .set({ scheduledAt: new Date(now.getTime() + msToStart) })
      .where(eq(games.id, gameId));
    // The seated player's seat is freed, as a leave would (without its own offer).
    await t.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, seated.id)));
    await t.db.update(games).set({ currentPlayers: 1 }).where(eq(games.id, gameId));
    await t.db.execute(
      sql`update users set latitude = ${home.latitude}, longitude = ${home.longitude} where id = ${line[0]?.id}`,
    );
    const offered = await t.db.transaction((tx) =>
      offerInsteadNearStart(tx, gameId, 1, organizer.id, now),
    );
    const [offer] = await offersOf(gameId);
    return { offered, offer, gameId };
  }

  it("more than 24 h: no offer; at 24 h: 2 h; 16 h: 30 min; 1 h: 30 min; under 1 h: 10 min", async () => {
    const far = await offerAt(NOON_PT, 24 * HOUR + 1);
    expect(far.offered).toBeNull();
    expect(far.offer).toBeUndefined();
    const cases: [number, number][] = [
      [24 * HOUR, 120],
      [16 * HOUR + MIN, 120],
      [16 * HOUR, 30],
      [HOUR, 30],
      [HOUR - MIN, 10],
    ];
    for (const [toStart, minutes] of cases) {
      const { offered, offer, gameId } = await offerAt(NOON_PT, toStart);
      expect(offered).toHaveLength(1);
      expect(offer?.lapsesAt).toEqual(new Date(NOON_PT.getTime() + minutes * MIN));
      await expectCountsConsistent(gameId);
    }
  });

  it("made in the player's night: not before 08:30 their time, never after the start", async () => {
    const elevenPm = new Date("2026-11-28T07:00:00Z"); // 11:00 PM PT
    const { offer } = await offerAt(elevenPm, 12 * HOUR);
    expect(offer?.lapsesAt).toEqual(new Date("2026-11-28T16:30:00Z"));
    const early = await offerAt(elevenPm, 7 * HOUR);
    expect(early.offer?.lapsesAt).toEqual(new Date(elevenPm.getTime() + 7 * HOUR));
    // A New Yorker offered a seat at 8 PM Pacific (11 PM their time) keeps it till 08:30 Eastern.
    const eightPm = new Date("2026-11-28T04:00:00Z");
    const ny = await offerAt(eightPm, 18 * HOUR, { latitude: 40.71, longitude: -74.0 });
    expect(ny.offer?.lapsesAt).toEqual(new Date("2026-11-28T13:30:00Z"));
  });
});

describe("accept racing the lapse (one outcome)", () => {
  it("the seat is taken once or passed on once, never both, across parallel sweeps", async () => {
    const rounds = 6;
    const games_ = [];
    for (let i = 0; i < rounds; i++) {
      const g = await fullGameWithLine(10, 2);
      await leave(g.gameId, g.seated.cookie);
      const [offer] = await offersOf(g.gameId);
      games_.push({ ...g, lapsesAt: offer?.lapsesAt as Date });
    }
    const results = await Promise.all(
      games_.flatMap((g) => [
        // The player taps a moment before the lapse, as two sweeps run a moment after it.
        acceptOffer(
          t.db,
          g.line[0]?.id as string,
          g.gameId,
          () => new Date(g.lapsesAt.getTime() - 1),
        ).then(
          () => "accepted" as const,
          (error: Error) =>
            error.message === OFFER_GONE ? ("gone" as const) : Promise.reject(error),
        ),
        lapseDueOffers(t.db, () => new Date(g.lapsesAt.getTime() + 1)),
        lapseDueOffers(t.db, () => new Date(g.lapsesAt.getTime() + 1)),
      ]),
    );
    for (const [i, g] of games_.entries()) {
      const outcome = results[i * 3];
      const seated = await seatedIn(g.gameId);
      const offers = await offersOf(g.gameId);
      if (outcome === "accepted") {
        expect(seated).toContain(g.line[0]?.id);
        expect(offers).toEqual([]);
        expect(await lineOf(g.gameId)).toEqual([g.line[1]?.id]);
      } else {
        expect(seated).not.toContain(g.line[0]?.id);
        // Passed on once: the second in line holds the one offer.
        expect(offers.map((o) => o.userId)).toEqual([g.line[1]?.id]);
        expect(await lineOf(g.gameId)).toEqual([]);
        expect(await notificationsOf(t.db, g.line[1]?.id as string, "seat_offered")).toHaveLength(
          1,
        );
      }
      await expectCountsConsistent(g.gameId);
      expect((await gameRow(g.gameId)).currentPlayers).toBe(2);
    }
  });

  it("two sweeps at once lapse each offer once", async () => {
    const g = await fullGameWithLine(10, 3);
    await leave(g.gameId, g.seated.cookie);
    const [offer] = await offersOf(g.gameId);
    const after = () => new Date((offer?.lapsesAt.getTime() ?? 0) + 1);
    const counts = await Promise.all([lapseDueOffers(t.db, after), lapseDueOffers(t.db, after)]);
    expect(
      await t.db
        .select()
        .from(seatOffers)
        .where(
          and(eq(seatOffers.gameId, g.gameId), eq(seatOffers.userId, g.line[0]?.id as string)),
        ),
    ).toEqual([]);
    // The second offer (to the next in line) may lapse in the same sweep only if its time passed too.
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const offers = await offersOf(g.gameId);
    expect(offers.map((o) => o.userId)).toEqual([g.line[1]?.id]);
    expect(await lineOf(g.gameId)).toEqual([g.line[2]?.id]);
    await expectCountsConsistent(g.gameId);
  });
});
