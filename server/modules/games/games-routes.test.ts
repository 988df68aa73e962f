import { gunzipSync } from "node:zlib";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GAME_CANCELLED,
  GAME_FULL,
  GAME_STARTED,
  type Game,
  gameListSchema,
  gameSchema,
  MAX_UPCOMING_ORGANIZED,
  ONLY_ORGANIZER,
  ORGANIZER_CANNOT_LEAVE,
  participantListSchema,
  TOO_MANY_ORGANIZED,
  WHEN_IN_PAST,
} from "../../../common/games.ts";
import { TEXT_REFUSED } from "../../../common/text-filter.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { createSession, SESSION_COOKIE } from "../../auth/sessions.ts";
import { gameParticipants, games, rateLimits, sessions, users } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { gameChanged, publish } from "../events/publish.ts";

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

let t: TestApp;
let courtId: number;
let retiredCourtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, {
    name: "Venice Beach Courts",
    address: "1800 Ocean Front Walk",
    latitude: 33.985,
    longitude: -118.472,
  });
  retiredCourtId = await insertCourtRow(t.db, { name: "Old Court", isActive: false });
});
afterAll(() => t.close());

/** A player with a profile and a session. */
const player = (nickname = "Hooper", values: Parameters<typeof insertPlayer>[1] = {}) =>
  playerWithSession(t.app, t.db, { nickname, ...values });

const call = (method: "GET" | "POST", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);

const validGame = (overrides: Record<string, unknown> = {}) => ({
  courtId,
  title: "Saturday Run",
  scheduledAt: inHours(24),
  ...overrides,
});

async function createGame(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/api/games", cookie, validGame(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as Game;
}

async function seatCount(gameId: number) {
  return t.db.$count(gameParticipants, eq(gameParticipants.gameId, gameId));
}

describe("POST /api/games", () => {
  it("creates the game with the caller as organizer and first participant", async () => {
    const organizer = await player("Showtime");
    const response = await call("POST", "/api/games", organizer.cookie, validGame());
    expect(response.statusCode).toBe(201);
    const game = gameSchema.parse(response.json());
    expect(game).toMatchObject({
      title: "Saturday Run",
      status: "open",
      currentPlayers: 1,
      maxPlayers: 10,
      gameType: "pickup",
      organizerId: organizer.id,
      court: { id: courtId, name: "Venice Beach Courts", address: "1800 Ocean Front Walk" },
      organizer: { id: organizer.id, profile: { nickname: "Showtime" }, acceptsMessages: true },
      result: null,
    });
    expect(Date.parse(game.endsAt) - Date.parse(game.scheduledAt)).toBe(2 * HOUR);

    const players = participantListSchema.parse(
      (await call("GET", `/api/games/${game.id}/participants`)).json(),
    );
    expect(players).toEqual([
      expect.objectContaining({ userId: organizer.id, status: "confirmed", isOrganizer: true }),
    ]);
  });

  it("takes maxPlayers and gameType when given, and trims the title", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie, {
      title: "  3s at noon  ",
      maxPlayers: 6,
      gameType: "3v3",
    });
    expect(game).toMatchObject({ title: "3s at noon", maxPlayers: 6, gameType: "3v3" });
  });

  it("refuses bad input with a message per field and creates nothing", async () => {
    const organizer = await player();
    const before = await t.db.$count(games);
    const cases: [Record<string, unknown>, string, string][] = [
      [validGame({ scheduledAt: inHours(-1) }), "scheduledAt", WHEN_IN_PAST],
      [validGame({ scheduledAt: "next friday" }), "scheduledAt", "ISO 8601"],
      [validGame({ maxPlayers: 1 }), "maxPlayers", "from 2 to 30"],
      [validGame({ maxPlayers: 31 }), "maxPlayers", "from 2 to 30"],
      [validGame({ maxPlayers: 4.5 }), "maxPlayers", "whole number"],
      [validGame({ maxPlayers: "ten" }), "maxPlayers", "whole number"],
      [validGame({ gameType: "dodgeball" }), "gameType", "Game type must be one of"],
      [validGame({ title: "   " }), "title", "Title is required"],
      [validGame({ title: "x".repeat(101) }), "title", "at most 100"],
      [{ title: "No court", scheduledAt: inHours(5) }, "courtId", "Choose a court"],
      [{ courtId, title: "No time" }, "scheduledAt", "Choose a date and time"],
      [{ courtId, scheduledAt: inHours(5) }, "title", "Title is required"],
    ];
    for (const [body, field, message] of cases) {
      const response = await call("POST", "/api/games", organizer.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field]).toContain(message);
    }
    expect(await t.db.$count(games)).toBe(before);
  });

  it("refuses a title the text filter finds a word in, on the field, and creates nothing", async () => {
    const organizer = await player();
    const before = await t.db.$count(games);
    const seatsBefore = await t.db.$count(gameParticipants);
    const response = await call(
      "POST",
      "/api/games",
      organizer.cookie,
      validGame({ title: "Sh1tshow at Venice" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TEXT_REFUSED, errors: { title: TEXT_REFUSED } });
    expect(await t.db.$count(games)).toBe(before);
    expect(await t.db.$count(gameParticipants)).toBe(seatsBefore);
  });

  it("answers 404 for an unknown or retired court and creates nothing", async () => {
    const organizer = await player();
    const before = await t.db.$count(games);
    for (const id of [987_654, retiredCourtId]) {
      const response = await call(
        "POST",
        "/api/games",
        organizer.cookie,
        validGame({ courtId: id }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Court not found." });
    }
    expect(await t.db.$count(games)).toBe(before);
  });

  it("answers 401 signed out, and a cross-site post is refused", async () => {
    expect((await call("POST", "/api/games", undefined, validGame())).statusCode).toBe(401);
    const organizer = await player();
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/games",
      headers: {
        cookie: organizer.cookie,
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      payload: JSON.stringify(validGame()),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it(`refuses an organizer's ${MAX_UPCOMING_ORGANIZED + 1}th upcoming game`, async () => {
    const organizer = await player();
    for (let i = 0; i < MAX_UPCOMING_ORGANIZED; i++) await createGame(organizer.cookie);
    const response = await call("POST", "/api/games", organizer.cookie, validGame());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: TOO_MANY_ORGANIZED });
  });
});

describe("GET /api/games/{id} and its participants", () => {
  it("is public; missing games are 404 'Game not found'; bad ids 400", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    const response = await call("GET", `/api/games/${game.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: game.id, distanceMiles: null });

    expect((await call("GET", "/api/games/999999")).json()).toEqual({ message: "Game not found" });
    expect((await call("GET", "/api/games/999999")).statusCode).toBe(404);
    expect((await call("GET", "/api/games/999999/participants")).statusCode).toBe(404);
    expect((await call("GET", "/api/games/abc")).statusCode).toBe(400);
    expect((await call("GET", "/api/games/99999999999")).statusCode).toBe(400);
  });

  it("measures the distance from a signed-in viewer's saved position", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    // Santa Monica pier, about 2.5 miles from Venice Beach.
    const viewer = await player("Viewer", { latitude: 34.0094, longitude: -118.4973 });
    const seen = (await call("GET", `/api/games/${game.id}`, viewer.cookie)).json() as Game;
    expect(seen.distanceMiles).toBeGreaterThan(1.5);
    expect(seen.distanceMiles).toBeLessThan(3.5);
  });

  it("lists the organizer first, then players as they joined, with the spec's fields", async () => {
    const organizer = await player("Boss");
    const game = await createGame(organizer.cookie);
    const first = await player("First");
    const noProfile = await player("unused", { nickname: null, firstName: "Plain" });
    await call("POST", `/api/games/${game.id}/join`, first.cookie);
    await call("POST", `/api/games/${game.id}/join`, noProfile.cookie);
    const players = (await call("GET", `/api/games/${game.id}/participants`)).json();
    expect(players.map((p: { userId: string }) => p.userId)).toEqual([
      organizer.id,
      first.id,
      noProfile.id,
    ]);
    expect(players[1]).toMatchObject({
      status: "joined",
      isOrganizer: false,
      team: null,
      user: { id: first.id, profile: { nickname: "First", primaryPosition: "Point Guard" } },
    });
    expect(players[2].user).toEqual({
      id: noProfile.id,
      firstName: "Plain",
      profileImageUrl: null,
      profile: null,
    });
    // Nothing private: no e-mail anywhere.
    expect(JSON.stringify(players)).not.toContain("@");
  });
});

describe("joining and leaving", () => {
  it("join takes a seat; joining again keeps one seat; leave frees it; leaving again changes nothing", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    const bro = await player();

    const joined = await call("POST", `/api/games/${game.id}/join`, bro.cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: game.id, currentPlayers: 2 });
    const again = await call("POST", `/api/games/${game.id}/join`, bro.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().currentPlayers).toBe(2);
    expect(await seatCount(game.id)).toBe(2);

    const left = await call("POST", `/api/games/${game.id}/leave`, bro.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json().currentPlayers).toBe(1);
    const leftAgain = await call("POST", `/api/games/${game.id}/leave`, bro.cookie);
    expect(leftAgain.statusCode).toBe(200);
    expect(leftAgain.json().currentPlayers).toBe(1);
    expect(await seatCount(game.id)).toBe(1);
  });

  it("the organizer cannot take a second seat, nor leave", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    const join = await call("POST", `/api/games/${game.id}/join`, organizer.cookie);
    expect(join.statusCode).toBe(200);
    expect(join.json().currentPlayers).toBe(1);
    const leave = await call("POST", `/api/games/${game.id}/leave`, organizer.cookie);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ message: ORGANIZER_CANNOT_LEAVE });
    expect(await seatCount(game.id)).toBe(1);
  });

  it("a full game answers 409 'This game is full.' and seats nobody more", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie, { maxPlayers: 2 });
    const second = await player();
    const third = await player();
    expect((await call("POST", `/api/games/${game.id}/join`, second.cookie)).statusCode).toBe(200);
    const refused = await call("POST", `/api/games/${game.id}/join`, third.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: GAME_FULL });
    expect(await seatCount(game.id)).toBe(2);
  });

  it("nobody joins or leaves a game that started, and seats stay as they were", async () => {
    const organizer = await player();
    const seated = await player();
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: [seated.id],
      startsInHours: -0.5,
    });
    const latecomer = await player();
    const join = await call("POST", `/api/games/${gameId}/join`, latecomer.cookie);
    expect(join.statusCode).toBe(409);
    expect(join.json()).toEqual({ message: GAME_STARTED });
    const leave = await call("POST", `/api/games/${gameId}/leave`, seated.cookie);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ message: GAME_STARTED });
    expect(await seatCount(gameId)).toBe(2);
    expect((await call("GET", `/api/games/${gameId}`)).json().status).toBe("active");
  });

  it("answers 401 signed out and 404 for a missing game", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    expect((await call("POST", `/api/games/${game.id}/join`)).statusCode).toBe(401);
    expect((await call("POST", `/api/games/${game.id}/leave`)).statusCode).toBe(401);
    const bro = await player();
    expect((await call("POST", "/api/games/987654/join", bro.cookie)).statusCode).toBe(404);
  });
});

describe("join and leave with a session that ended or is due for renewal", () => {
  const DAY = 24 * HOUR;
  /** A player, their session's row id and cookie, and an open game. */
  const setUp = async () => {
    const id = await insertPlayer(t.db, { nickname: "Late" });
    const session = await createSession(t.db, id);
    const cookie = `${SESSION_COOKIE}=${t.app.signCookie(session.sid)}`;
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: await insertPlayer(t.db),
      startsInHours: 24,
    });
    return { id, sid: session.id, cookie, gameId };
  };
  const seatsOf = (id: string) =>
    t.db.select().from(gameParticipants).where(eq(gameParticipants.userId, id));
  const writesOf = (id: string) =>
    t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `writes:games:${id}`));
  const sessionRow = async (sid: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.sid, sid)))[0];

  it("a session past its end, past its absolute end, of a deleted account or badly signed: 401, nothing seated or counted", async () => {
    const ended = await setUp();
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, ended.sid));
    const tooOld = await setUp();
    const old = await sessionRow(tooOld.sid);
    await t.db
      .update(sessions)
      .set({
        sess: {
          ...(old?.sess ?? { userId: tooOld.id }),
          createdAt: new Date(Date.now() - 365 * DAY).toISOString(),
        },
      })
      .where(eq(sessions.sid, tooOld.sid));
    const deleted = await setUp();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const forged = await setUp();
    const badCookie = `${forged.cookie.slice(0, -2)}xx`;

    for (const [who, cookie] of [
      [ended, ended.cookie],
      [tooOld, tooOld.cookie],
      [deleted, deleted.cookie],
      [forged, badCookie],
    ] as const) {
      for (const action of ["join", "leave"]) {
        const response = await call("POST", `/api/games/${who.gameId}/${action}`, cookie);
        expect(response.statusCode).toBe(401);
        expect(response.headers["cache-control"]).toBeUndefined();
      }
      expect(await seatsOf(who.id)).toEqual([]);
      expect(await writesOf(who.id)).toEqual([]);
    }
    // Who is asking is settled before the input: 401, not 400, for a bad id.
    expect((await call("POST", "/api/games/abc/join", ended.cookie)).statusCode).toBe(401);
    expect((await call("POST", "/api/games/abc/leave", badCookie)).statusCode).toBe(401);
    // The one past its absolute end stays refused; the next read of it ends it.
    expect((await call("GET", "/api/auth/user", tooOld.cookie)).statusCode).toBe(401);
    expect(await sessionRow(tooOld.sid)).toBeUndefined();
  });

  it("a live session is kept as every read keeps it: extended when due", async () => {
    const { sid, cookie, gameId, id } = await setUp();
    const soon = new Date(Date.now() + DAY);
    await t.db.update(sessions).set({ expire: soon }).where(eq(sessions.sid, sid));
    const joined = await call("POST", `/api/games/${gameId}/join`, cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.headers["cache-control"]).toBe("no-store");
    expect((await sessionRow(sid))?.expire.getTime()).toBeGreaterThan(soon.getTime() + 10 * DAY);
    expect(await seatsOf(id)).toHaveLength(1);
    expect((await writesOf(id))[0]?.count).toBe(1);
  });
});

describe("cancelling", () => {
  it("only the organizer cancels, before the start; players then see it cancelled", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    const bro = await player();
    await call("POST", `/api/games/${game.id}/join`, bro.cookie);

    const notTheirs = await call("POST", `/api/games/${game.id}/cancel`, bro.cookie);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toEqual({ message: ONLY_ORGANIZER });

    const cancelled = await call("POST", `/api/games/${game.id}/cancel`, organizer.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    expect((await call("POST", `/api/games/${game.id}/cancel`, organizer.cookie)).statusCode).toBe(
      200,
    );

    const mine = (await call("GET", "/api/games/my", bro.cookie)).json() as Game[];
    expect(mine.find((g) => g.id === game.id)?.status).toBe("cancelled");
    const join = await call("POST", `/api/games/${game.id}/join`, (await player()).cookie);
    expect(join.statusCode).toBe(409);
    expect(join.json()).toEqual({ message: GAME_CANCELLED });
    const upcoming = (await call("GET", "/api/games/upcoming")).json() as Game[];
    expect(upcoming.map((g) => g.id)).not.toContain(game.id);
  });

  it("a game that started cannot be cancelled", async () => {
    const organizer = await player();
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      startsInHours: -1,
    });
    const response = await call("POST", `/api/games/${gameId}/cancel`, organizer.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: GAME_STARTED });
  });
});

describe("lists", () => {
  it("upcoming: only games still to be played at active courts, soonest first, with filters", async () => {
    const db = t.db;
    const organizer = await player();
    const court = await insertCourtRow(db, { name: "Filter Court", latitude: 40, longitude: -100 });
    const far = await insertCourtRow(db, { name: "Far Court", latitude: 47.6, longitude: -122.3 });
    const at = (startsInHours: number, extra: Record<string, unknown> = {}) =>
      insertGameWithPlayers(db, {
        courtId: court,
        organizerId: organizer.id,
        startsInHours,
        ...extra,
      });
    const later = await at(50);
    const soon = await at(3);
    const full = await at(10, { players: [await insertPlayer(db)] });
    await db.update(games).set({ maxPlayers: 2 }).where(eq(games.id, full));
    await at(-1); // started
    await at(5, { status: "cancelled" });
    const retired = await insertCourtRow(db, { isActive: false });
    await insertGameWithPlayers(db, {
      courtId: retired,
      organizerId: organizer.id,
      startsInHours: 4,
    });
    const elsewhere = await insertGameWithPlayers(db, {
      courtId: far,
      organizerId: organizer.id,
      startsInHours: 1,
    });

    // Rows written straight to the tables announce nothing: announce them as the service would,
    // or the shared list (upcoming-answers.ts) would show them only once it expires.
    await publish(db, [gameChanged(later, court)]);
    const list = async (query: string) => {
      const response = await call("GET", `/api/games/upcoming${query}`);
      expect(response.statusCode).toBe(200);
      return gameListSchema.parse(response.json()).map((g) => g.id);
    };
    const ours = [elsewhere, soon, full, later];
    const all = await list("");
    expect(all.filter((id) => ours.includes(id))).toEqual(ours);
    expect(await list(`?courtId=${court}`)).toEqual([soon, full, later]);
    expect(await list(`?courtId=${court}&openSpots=true`)).toEqual([soon, later]);
    const from = encodeURIComponent(inHours(4));
    const to = encodeURIComponent(inHours(24));
    expect(await list(`?courtId=${court}&from=${from}&to=${to}`)).toEqual([full]);
    // Around the Filter Court: its games (near) come before Seattle's sooner one (far).
    const near = (await list("?lat=40.05&lng=-100.05")).filter((id) => ours.includes(id));
    expect(near).toEqual([soon, full, later, elsewhere]);
  });

  it("upcoming near a player: the soonest nearby games first, nearest breaking ties, then farther ones", async () => {
    const db = t.db;
    const organizer = await player();
    // Around (20, -60), a spot no other test uses.
    const nextDoor = await insertCourtRow(db, { latitude: 20, longitude: -60 });
    const acrossTown = await insertCourtRow(db, { latitude: 20.15, longitude: -60 }); // ~10 mi
    const farAway = await insertCourtRow(db, { latitude: 21, longitude: -60 }); // ~69 mi
    const at = (court: number, startsInHours: number) =>
      insertGameWithPlayers(db, { courtId: court, organizerId: organizer.id, startsInHours });
    const nextWeekAcrossTown = await at(acrossTown, 24 * 7);
    const nextWeekNextDoor = await at(nextDoor, 24 * 7);
    const tomorrowAcrossTown = await at(acrossTown, 24);
    const inAnHourFarAway = await at(farAway, 1);
    // The same start next week at both: the nearer court breaks the tie, not the older id.
    await db
      .update(games)
      .set({ scheduledAt: new Date(Date.now() + 7 * 24 * 3_600_000) })
      .where(inArray(games.id, [nextWeekAcrossTown, nextWeekNextDoor]));
    // Announced as the service would (see above).
    await publish(db, [gameChanged(inAnHourFarAway, farAway)]);
    const ours = [nextWeekNextDoor, tomorrowAcrossTown, nextWeekAcrossTown, inAnHourFarAway];
    const response = await call("GET", "/api/games/upcoming?lat=20&lng=-60");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const zipped = await t.app.inject({
      url: "/api/games/upcoming?lat=20&lng=-60",
      headers: { "accept-encoding": "gzip" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(response.json());
    const ids = gameListSchema
      .parse(response.json())
      .map((g) => g.id)
      .filter((id) => ours.includes(id));
    expect(ids).toEqual([
      tomorrowAcrossTown,
      nextWeekNextDoor,
      nextWeekAcrossTown,
      inAnHourFarAway,
    ]);
  });

  it("upcoming refuses bad filters with 400", async () => {
    for (const query of [
      "?lat=91&lng=0",
      "?lat=10",
      "?from=yesterday",
      "?courtId=abc",
      "?openSpots=maybe",
    ]) {
      expect((await call("GET", `/api/games/upcoming${query}`)).statusCode, query).toBe(400);
    }
  });

  it("my: games the caller holds a seat in; my-games: games the caller organizes", async () => {
    const organizer = await player();
    const bro = await player();
    const mine = await createGame(bro.cookie, { title: "Bro's own" });
    const joined = await createGame(organizer.cookie, { title: "Joined one" });
    await call("POST", `/api/games/${joined.id}/join`, bro.cookie);
    const past = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: [bro.id],
      startsInHours: -30,
    });
    const notMine = await createGame(organizer.cookie, { title: "Not joined" });

    const my = (await call("GET", "/api/games/my", bro.cookie)).json() as Game[];
    expect(my.map((g) => g.id)).toEqual([mine.id, joined.id, past]);
    expect(my.map((g) => g.status)).toEqual(["open", "open", "completed"]);
    expect(my.map((g) => g.id)).not.toContain(notMine.id);
    const organized = (await call("GET", "/api/games/my-games", bro.cookie)).json() as Game[];
    expect(organized.map((g) => g.id)).toEqual([mine.id]);
    expect((await call("GET", "/api/games/my")).statusCode).toBe(401);
    expect((await call("GET", "/api/games/my-games")).statusCode).toBe(401);
  });
});

describe("GET /api/games/{id}/calendar.ics", () => {
  it("is an iCalendar event with the game's time, court and link", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie, { title: "Run, with; commas" });
    const response = await call("GET", `/api/games/${game.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["content-disposition"]).toContain(`game-${game.id}.ics`);
    const text = response.body;
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    // On the court's clock: Venice Beach is in Los Angeles.
    expect(game.court.timeZone).toBe("America/Los_Angeles");
    const local = (iso: string) =>
      `${toZonedInputValue(new Date(iso), "America/Los_Angeles").replace(/[-:]/g, "")}00`;
    expect(text).toContain(`DTSTART;TZID=America/Los_Angeles:${local(game.scheduledAt)}\r\n`);
    expect(text).toContain(`DTEND;TZID=America/Los_Angeles:${local(game.endsAt)}\r\n`);
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n");
    expect(text).toMatch(/DESCRIPTION:Pickup game on \w{3}\\, \w{3} \d+\\, \d{1,2}:\d{2} [AP]M PT/);
    expect(text).toContain("SUMMARY:Run\\, with\\; commas\r\n");
    expect(text).toContain("LOCATION:Venice Beach Courts\\, 1800 Ocean Front Walk\r\n");
    expect(text).toContain(`URL;VALUE=URI:http://localhost:3000/game/${game.id}\r\n`);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await call("GET", "/api/games/999999/calendar.ics")).statusCode).toBe(404);
  });
});

describe("organizer deleted", () => {
  it("takes their games with them (cascade), leaving no orphan seats", async () => {
    const organizer = await player();
    const game = await createGame(organizer.cookie);
    const bro = await player();
    await call("POST", `/api/games/${game.id}/join`, bro.cookie);
    await t.db.delete(users).where(eq(users.id, organizer.id));
    expect((await call("GET", `/api/games/${game.id}`)).statusCode).toBe(404);
    expect(await seatCount(game.id)).toBe(0);
  });
});
