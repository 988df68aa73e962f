import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATTENDANCE_CLOSED,
  BELOW_MIN_RELIABILITY,
  GAME_WAS_CANCELLED,
  MARK_NOT_YET,
  MARK_TOO_LATE,
  NOT_SEATED,
  ONLY_ORGANIZER_MARKS,
} from "../../../common/reliability.ts";
import { gameAttendance, gameDrops } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { leaveGame } from "../games/service.ts";
import { reliabilityOf } from "./reliability.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 1 / 60;
type Player = { id: string; cookie: string };
const player = (nickname = "Hooper") => playerWithSession(t.app, t.db, { nickname });
const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);

/** A court, its organizer and one seated player, for a game starting `startsInHours` from now. */
async function gameAt(
  startsInHours: number,
  extra: Partial<{ status: string; players: number }> = {},
) {
  const courtId = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
  const organizer = await player("Organizer");
  const seated: Player[] = [];
  for (let i = 0; i < (extra.players ?? 1); i++) seated.push(await player(`Seated ${i}`));
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: seated.map((p) => p.id),
    startsInHours,
    ...(extra.status ? { status: extra.status } : {}),
  });
  return { courtId, gameId, organizer, seated, bro: seated[0] as Player };
}

const presentAt = async (gameId: number) =>
  (
    await t.db
      .select({ userId: gameAttendance.userId, markedBy: gameAttendance.markedBy })
      .from(gameAttendance)
      .where(eq(gameAttendance.gameId, gameId))
  ).map((r) => r.userId);

const checkIn = (cookie: string, courtId: number, position?: unknown) =>
  call("POST", "/api/checkin", cookie, { courtId, ...(position ? { position } : {}) });

describe("a check-in at the court marks a seated player present", () => {
  it.each([
    ["29 min before the start", 29 * MINUTE, true],
    ["31 min before the start", 31 * MINUTE, false],
    ["59 min after the start", -59 * MINUTE, true],
    ["61 min after the start", -61 * MINUTE, false],
  ])("%s", async (_, startsIn, marked) => {
    const { courtId, gameId, bro } = await gameAt(startsIn);
    expect((await checkIn(bro.cookie, courtId)).statusCode).toBe(200);
    expect(await presentAt(gameId)).toEqual(marked ? [bro.id] : []);
  });

  it("only the seated, only at that court, never at a cancelled game", async () => {
    const { courtId, gameId, bro } = await gameAt(0);
    const stranger = await player("Stranger");
    expect((await checkIn(stranger.cookie, courtId)).statusCode).toBe(200);
    const elsewhere = await insertCourtRow(t.db);
    expect((await checkIn(bro.cookie, elsewhere)).statusCode).toBe(200);
    expect(await presentAt(gameId)).toEqual([]);

    const cancelled = await gameAt(0, { status: "cancelled" });
    expect((await checkIn(cancelled.bro.cookie, cancelled.courtId)).statusCode).toBe(200);
    expect(await presentAt(cancelled.gameId)).toEqual([]);
  });

  it("checking in again at the same court marks a player who arrived before the window", async () => {
    const { courtId, gameId, bro } = await gameAt(0);
    await checkIn(bro.cookie, courtId);
    await checkIn(bro.cookie, courtId);
    expect(await presentAt(gameId)).toEqual([bro.id]);
  });

  it("with the browser's position: within 150 m plus its accuracy, else the check-in stands unmarked", async () => {
    // 0.001° of latitude is about 111 m.
    const near = await gameAt(0);
    const r = await checkIn(near.bro.cookie, near.courtId, {
      latitude: 34.051,
      longitude: -118.25,
      accuracy: 10,
    });
    expect(r.statusCode).toBe(200);
    expect(await presentAt(near.gameId)).toEqual([near.bro.id]);

    const far = await gameAt(0);
    const away = { latitude: 34.053, longitude: -118.25 }; // about 333 m
    expect((await checkIn(far.bro.cookie, far.courtId, { ...away, accuracy: 20 })).statusCode).toBe(
      200,
    );
    expect(await presentAt(far.gameId)).toEqual([]);
    // A vaguer fix widens the circle: 150 m + 200 m reaches it.
    await checkIn(far.bro.cookie, far.courtId, { ...away, accuracy: 200 });
    expect(await presentAt(far.gameId)).toEqual([far.bro.id]);
  });

  it("refuses a malformed position with a 400 and checks nobody in", async () => {
    const { courtId, gameId, bro } = await gameAt(0);
    for (const position of [
      { latitude: 91, longitude: 0, accuracy: 5 },
      { latitude: 34 },
      "here",
    ]) {
      const r = await checkIn(bro.cookie, courtId, position);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toEqual(expect.any(String));
    }
    expect(await presentAt(gameId)).toEqual([]);
  });
});

describe("the organizer marks and closes attendance", () => {
  const mark = (gameId: number, cookie: string, userId: string) =>
    call("POST", `/api/games/${gameId}/attendance`, cookie, { userId });

  it("marks a seated player in the 48 h after the start; once however often", async () => {
    const { gameId, organizer, bro } = await gameAt(-47);
    expect((await mark(gameId, organizer.cookie, bro.id)).statusCode).toBe(200);
    expect((await mark(gameId, organizer.cookie, bro.id)).statusCode).toBe(200);
    expect(await presentAt(gameId)).toEqual([bro.id]);
  });

  it("403 for anyone else, 400 before the start and after 48 h, 400 for a player without a seat", async () => {
    const { gameId, organizer, bro } = await gameAt(-1);
    const r403 = await mark(gameId, bro.cookie, bro.id);
    expect([r403.statusCode, r403.json().message]).toEqual([403, ONLY_ORGANIZER_MARKS]);
    const stranger = await player("Stranger");
    const notSeated = await mark(gameId, organizer.cookie, stranger.id);
    expect([notSeated.statusCode, notSeated.json().message]).toEqual([400, NOT_SEATED]);

    const early = await gameAt(0.5);
    const r1 = await mark(early.gameId, early.organizer.cookie, early.bro.id);
    expect([r1.statusCode, r1.json().message]).toEqual([400, MARK_NOT_YET]);
    const late = await gameAt(-48 - MINUTE);
    const r2 = await mark(late.gameId, late.organizer.cookie, late.bro.id);
    expect([r2.statusCode, r2.json().message]).toEqual([400, MARK_TOO_LATE]);
    expect(await presentAt(early.gameId)).toEqual([]);
    expect(await presentAt(late.gameId)).toEqual([]);
    expect((await mark(gameId, organizer.cookie, "x".repeat(40))).statusCode).toBe(400);
  });

  it("closing makes every unmarked seat a no-show at once; marking after it is refused", async () => {
    const { gameId, organizer, seated } = await gameAt(-2, { players: 2 });
    const [came, missed] = seated as [Player, Player];
    await mark(gameId, organizer.cookie, came.id);
    await mark(gameId, organizer.cookie, organizer.id);
    const before = await reliabilityOf(t.db, [came.id, missed.id]);
    expect(before.map((r) => [r.expected, r.present])).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect(
      (await call("POST", `/api/games/${gameId}/attendance/close`, came.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call("POST", `/api/games/${gameId}/attendance/close`, organizer.cookie)).statusCode,
    ).toBe(200);
    const after = await reliabilityOf(t.db, [came.id, missed.id]);
    expect(after.map((r) => [r.expected, r.present])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    const r = await mark(gameId, organizer.cookie, missed.id);
    expect([r.statusCode, r.json().message]).toEqual([409, ATTENDANCE_CLOSED]);
    // The check-in window is closed with it.
    expect(await presentAt(gameId)).not.toContain(missed.id);
  });

  it("cannot be closed before the start (400) nor kept for a cancelled game (409)", async () => {
    const early = await gameAt(1);
    const r1 = await call(
      "POST",
      `/api/games/${early.gameId}/attendance/close`,
      early.organizer.cookie,
    );
    expect([r1.statusCode, r1.json().message]).toEqual([400, MARK_NOT_YET]);
    const off = await gameAt(-1, { status: "cancelled" });
    const r2 = await call("POST", `/api/games/${off.gameId}/attendance`, off.organizer.cookie, {
      userId: off.bro.id,
    });
    expect([r2.statusCode, r2.json().message]).toEqual([409, GAME_WAS_CANCELLED]);
    expect((await reliabilityOf(t.db, [early.bro.id]))[0]?.expected).toBe(0);
  });

  it("attendance closes by itself 48 h after the start: unmarked seats are no-shows", async () => {
    const { bro } = await gameAt(-49);
    expect((await reliabilityOf(t.db, [bro.id]))[0]).toMatchObject({ expected: 1, present: 0 });
  });
});

describe("drops", () => {
  const dropOf = async (gameId: number, userId: string) =>
    (
      await t.db
        .select({ late: gameDrops.late })
        .from(gameDrops)
        .where(and(eq(gameDrops.gameId, gameId), eq(gameDrops.userId, userId)))
    )[0];

  it("more than 12 h before the start costs nothing; within 12 h is a late drop", async () => {
    const early = await gameAt(12 + 2 * MINUTE);
    await leaveGame(t.db, early.bro.id, early.gameId);
    expect(await dropOf(early.gameId, early.bro.id)).toEqual({ late: false });
    const late = await gameAt(12 - 2 * MINUTE);
    await leaveGame(t.db, late.bro.id, late.gameId);
    expect(await dropOf(late.gameId, late.bro.id)).toEqual({ late: true });
    expect(
      (await reliabilityOf(t.db, [early.bro.id, late.bro.id])).map((r) => r.lateDrops),
    ).toEqual([0, 1]);
  });

  it("a refused leave (the game started) records nothing", async () => {
    const { gameId, bro } = await gameAt(-0.5);
    await expect(leaveGame(t.db, bro.id, gameId)).rejects.toThrow();
    expect(await dropOf(gameId, bro.id)).toBeUndefined();
  });
});

describe("reliability", () => {
  it("counts 90 days of settled games, leaves cancelled games and rejoined drops out, for many players in one call", async () => {
    const bro = await player("Regular");
    const other = await player("Other");
    const courtId = await insertCourtRow(t.db);
    const organizer = await player("Organizer");
    const played = async (hoursAgo: number, present: boolean, status = "open") => {
      const gameId = await insertGameWithPlayers(t.db, {
        courtId,
        organizerId: organizer.id,
        players: [bro.id],
        startsInHours: -hoursAgo,
        status,
      });
      if (present)
        await t.db.insert(gameAttendance).values({ gameId, userId: bro.id, markedBy: "organizer" });
      return gameId;
    };
    await played(50, true);
    await played(24 * 30, true);
    await played(24 * 60, false);
    await played(24 * 89, true);
    await played(24 * 91, false); // too old
    await played(60, false, "cancelled"); // nobody's record
    await played(2, true); // marked, not yet closed: counts
    await played(3, false); // open and unmarked: not yet
    const cancelledLate = await played(-5, false, "cancelled");
    await t.db
      .insert(gameDrops)
      .values({ gameId: cancelledLate, userId: other.id, droppedAt: new Date(), late: true });
    const [mine, theirs, nobody] = await reliabilityOf(t.db, [bro.id, other.id, "no-such-player"]);
    expect(mine).toEqual({ userId: bro.id, expected: 5, present: 4, lateDrops: 0 });
    expect(theirs).toEqual({ userId: other.id, expected: 0, present: 0, lateDrops: 0 });
    expect(nobody).toMatchObject({ expected: 0, present: 0, lateDrops: 0 });

    const me = await call("GET", "/api/me/reliability", bro.cookie);
    expect(me.json()).toMatchObject({
      shown: true,
      percent: 80,
      days: 90,
      minGames: 3,
      lateDropHours: 12,
    });
    expect((await call("GET", "/api/me/reliability")).statusCode).toBe(401);
  });

  it("a late drop followed by a seat again is not held against the player", async () => {
    const { gameId, bro } = await gameAt(5);
    await leaveGame(t.db, bro.id, gameId);
    expect((await reliabilityOf(t.db, [bro.id]))[0]?.lateDrops).toBe(1);
    expect((await call("POST", `/api/games/${gameId}/join`, bro.cookie)).statusCode).toBe(200);
    expect((await reliabilityOf(t.db, [bro.id]))[0]?.lateDrops).toBe(0);
  });
});

describe("a minimum reliability for a game", () => {
  /** A player with `present` of `expected` settled games. */
  async function withRecord(present: number, expected: number) {
    const p = await player("Flaky");
    const courtId = await insertCourtRow(t.db);
    const organizer = await player("Organizer");
    for (let i = 0; i < expected; i++) {
      const gameId = await insertGameWithPlayers(t.db, {
        courtId,
        organizerId: organizer.id,
        players: [p.id],
        startsInHours: -50 - i,
      });
      if (i < present)
        await t.db.insert(gameAttendance).values({ gameId, userId: p.id, markedBy: "check_in" });
    }
    return p;
  }

  it("the organizer sets it (others 403, bad values 400); a player below it gets 409, a newcomer gets in", async () => {
    const { gameId, organizer, bro } = await gameAt(24);
    const url = `/api/games/${gameId}/min-reliability`;
    expect((await call("PUT", url, bro.cookie, { minReliability: 80 })).statusCode).toBe(403);
    for (const minReliability of [0, 101, 50.5, "80"]) {
      expect((await call("PUT", url, organizer.cookie, { minReliability })).statusCode).toBe(400);
    }
    const set = await call("PUT", url, organizer.cookie, { minReliability: 80 });
    expect([set.statusCode, set.json()]).toEqual([200, { minReliability: 80 }]);

    const flaky = await withRecord(1, 4);
    const refused = await call("POST", `/api/games/${gameId}/join`, flaky.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      BELOW_MIN_RELIABILITY(80, 25),
    ]);
    const steady = await withRecord(4, 4);
    expect((await call("POST", `/api/games/${gameId}/join`, steady.cookie)).statusCode).toBe(200);
    const newcomer = await player("New");
    expect((await call("POST", `/api/games/${gameId}/join`, newcomer.cookie)).statusCode).toBe(200);

    expect((await call("PUT", url, organizer.cookie, { minReliability: null })).statusCode).toBe(
      200,
    );
    expect((await call("POST", `/api/games/${gameId}/join`, flaky.cookie)).statusCode).toBe(200);
  });

  it("keeps a player below it out of the waiting line too", async () => {
    const { gameId, organizer } = await gameAt(24);
    await t.db.execute(
      sql`update games set max_players = 2, min_reliability = 90 where id = ${gameId}`,
    );
    const flaky = await withRecord(2, 3);
    const r = await call("POST", `/api/games/${gameId}/line`, flaky.cookie);
    expect([r.statusCode, r.json().message]).toEqual([409, BELOW_MIN_RELIABILITY(90, 67)]);
    expect(organizer.id).toBeTruthy();
  });
});

describe("GET /api/games/{id}/showing-up", () => {
  it("lists the seats and the line with their records and the chance of filling", async () => {
    const { gameId, organizer, bro } = await gameAt(-1, { players: 1 });
    await call("POST", `/api/games/${gameId}/attendance`, organizer.cookie, { userId: bro.id });
    const r = await call("GET", `/api/games/${gameId}/showing-up`, bro.cookie);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(
      body.seated.map((s: { userId: string; present: boolean }) => [s.userId, s.present]),
    ).toEqual([
      [organizer.id, false],
      [bro.id, true],
    ]);
    expect(body.seated[1].record).toEqual({
      userId: bro.id,
      expected: 1,
      present: 1,
      lateDrops: 0,
    });
    expect(body.attendance).toEqual({ open: true, closed: false });
    // Two seated of ten seats: no chance of a full game; newcomers at 80%, the marked one 5/6.
    expect(body.fullChance).toBe(0);
    expect(body.expectedTurnout).toBeCloseTo(0.8 + 5 / 6, 1);
    expect((await call("GET", `/api/games/${gameId}/showing-up`)).statusCode).toBe(401);
    expect((await call("GET", "/api/games/999999/showing-up", bro.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/games/abc/showing-up", bro.cookie)).statusCode).toBe(400);
  });
});

describe("at once", () => {
  it("two check-ins and an organizer's mark racing leave one record", async () => {
    for (let round = 0; round < 5; round++) {
      const { courtId, gameId, organizer, bro } = await gameAt(-0.25);
      const results = await Promise.all([
        checkIn(bro.cookie, courtId),
        checkIn(bro.cookie, courtId),
        call("POST", `/api/games/${gameId}/attendance`, organizer.cookie, { userId: bro.id }),
        call("POST", `/api/games/${gameId}/attendance`, organizer.cookie, { userId: bro.id }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await presentAt(gameId)).toEqual([bro.id]);
    }
  });

  it("a close racing marks: a mark lands before the close or is refused, never after it", async () => {
    const { gameId, organizer, seated } = await gameAt(-1, { players: 4 });
    const results = await Promise.all([
      ...seated.map((p) =>
        call("POST", `/api/games/${gameId}/attendance`, organizer.cookie, { userId: p.id }),
      ),
      call("POST", `/api/games/${gameId}/attendance/close`, organizer.cookie),
    ]);
    const marked = await presentAt(gameId);
    const accepted = seated.filter((_, i) => results[i]?.statusCode === 200).map((p) => p.id);
    expect(marked.sort()).toEqual(accepted.sort());
    for (const [i] of seated.entries()) expect([200, 409]).toContain(results[i]?.statusCode);
  });
});
