import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_FULL, GAME_STARTED, ONLY_ORGANIZER } from "../../../common/games.ts";
import {
  ASKS_PER_GAME_PER_DAY,
  INVITE_ALREADY_IN,
  INVITE_NOT_IN_GAME,
  INVITE_NOT_TAKING,
  INVITE_PLAYER_NOT_FOUND,
  INVITE_SELF,
  INVITES_PER_HOUR,
  NEED_MORE_CAP,
  TOO_MANY_ASKS,
  TOO_MANY_INVITES,
} from "../../../common/invites.ts";
import {
  friendships,
  gameInvites,
  notifications,
  playerProfiles,
  userSettings,
} from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/**
 * Invitations and 'Need N more'. On PostgreSQL (TEST_DATABASE_URL) the parallel cases race on a
 * pool; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
const COURT = { latitude: 34.05, longitude: -118.25 };
// About 3 miles north of the court; and a far-away city.
const NEAR = { latitude: 34.093, longitude: -118.25 };
const FAR = { latitude: 40.71, longitude: -74.0 };

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, COURT);
});
afterAll(() => t.close());

const player = (nickname = "Hooper", values: Parameters<typeof insertPlayer>[1] = {}) =>
  playerWithSession(t.app, t.db, { nickname, ...NEAR, ...values });
const call = (method: "GET" | "POST", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);

async function game(organizerId: string, players: string[] = [], options = {}) {
  return insertGameWithPlayers(t.db, {
    courtId,
    organizerId,
    players,
    startsInHours: 24,
    maxPlayers: 10,
    ...options,
  });
}

const setSkills = (userId: string, level: number) =>
  t.db
    .update(playerProfiles)
    .set({
      skillHandles: level,
      skillShot: level,
      skillIq: level,
      skillVert: level,
      skillDefense: level,
    })
    .where(eq(playerProfiles.userId, userId));

describe("invite a player", () => {
  it("a seated player invites another: one notice with a link to the game; again: no second", async () => {
    const organizer = await player("Organizer");
    const inviter = await player("Inviter");
    const invitee = await player("Invitee");
    const gameId = await game(organizer.id, [inviter.id]);

    const games = await call("GET", `/api/games/invitable?playerId=${invitee.id}`, inviter.cookie);
    if (games.statusCode !== 200) console.log(games.body);
    expect(games.statusCode).toBe(200);
    expect(games.json()).toEqual([
      expect.objectContaining({
        id: gameId,
        alreadyInvited: false,
        currentPlayers: 2,
        timeZone: "America/Los_Angeles", // the court's, for its time to be shown on its clock
      }),
    ]);

    const first = await call("POST", `/api/games/${gameId}/invites`, inviter.cookie, {
      userId: invitee.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ alreadyInvited: false });
    const again = await call("POST", `/api/games/${gameId}/invites`, organizer.cookie, {
      userId: invitee.id,
    });
    expect(again.json()).toEqual({ alreadyInvited: true });
    const notices = await notificationsOf(t.db, invitee.id, "game_invite");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ gameId, actorId: inviter.id });
    expect(notices[0]?.payload).toMatchObject({ inviterName: "Inviter" });

    const inbox = await call("GET", "/api/notifications", invitee.cookie);
    expect(inbox.json().items[0]).toMatchObject({
      kind: "game_invite",
      link: `/game/${gameId}`,
      title: expect.stringContaining("Inviter invited you"),
    });
    const listed = await call("GET", `/api/games/invitable?playerId=${invitee.id}`, inviter.cookie);
    expect(listed.json()[0].alreadyInvited).toBe(true);
  });

  it("refuses with clear 4xx, writing nothing", async () => {
    const organizer = await player("Organizer");
    const seated = await player("Seated");
    const outsider = await player("Outsider");
    const target = await player("Target");
    const private_ = await player("Private");
    await t.db.insert(userSettings).values({ userId: private_.id, gameInvites: false });
    const gameId = await game(organizer.id, [seated.id]);
    const invite = (cookie: string, userId: string, id = gameId) =>
      call("POST", `/api/games/${id}/invites`, cookie, { userId });

    const self = await invite(seated.cookie, seated.id);
    expect([self.statusCode, self.json().message]).toEqual([400, INVITE_SELF]);
    const notIn = await invite(outsider.cookie, target.id);
    expect([notIn.statusCode, notIn.json().message]).toEqual([403, INVITE_NOT_IN_GAME]);
    const alreadyIn = await invite(seated.cookie, organizer.id);
    expect([alreadyIn.statusCode, alreadyIn.json().message]).toEqual([409, INVITE_ALREADY_IN]);
    const off = await invite(seated.cookie, private_.id);
    expect([off.statusCode, off.json().message]).toEqual([403, INVITE_NOT_TAKING]);
    const ghost = await invite(seated.cookie, "00000000-0000-0000-0000-000000000000");
    expect([ghost.statusCode, ghost.json().message]).toEqual([404, INVITE_PLAYER_NOT_FOUND]);
    const bad = await call("POST", `/api/games/${gameId}/invites`, seated.cookie, { userId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect(
      (await call("POST", `/api/games/${gameId}/invites`, undefined, { userId: target.id }))
        .statusCode,
    ).toBe(401);
    expect((await invite(seated.cookie, target.id, 999_999)).statusCode).toBe(404);

    const full = await game(organizer.id, [seated.id], { maxPlayers: 2 });
    const fullAnswer = await invite(seated.cookie, target.id, full);
    expect([fullAnswer.statusCode, fullAnswer.json().message]).toEqual([409, GAME_FULL]);
    const started = await game(organizer.id, [seated.id], { startsInHours: -0.5 });
    const startedAnswer = await invite(seated.cookie, target.id, started);
    expect([startedAnswer.statusCode, startedAnswer.json().message]).toEqual([409, GAME_STARTED]);
    const cancelled = await game(organizer.id, [seated.id]);
    await call("POST", `/api/games/${cancelled}/cancel`, organizer.cookie);
    expect((await invite(seated.cookie, target.id, cancelled)).statusCode).toBe(409);

    expect(await t.db.select().from(gameInvites).where(eq(gameInvites.userId, target.id))).toEqual(
      [],
    );
    expect(await notificationsOf(t.db, private_.id)).toEqual([]);
  });

  it(`counts ${INVITES_PER_HOUR} invites an hour per inviter, then 429`, async () => {
    const organizer = await player("Organizer");
    const gameId = await game(organizer.id, [], { maxPlayers: 30 });
    const targets = await Promise.all(
      Array.from({ length: INVITES_PER_HOUR + 1 }, () => insertPlayer(t.db, NEAR)),
    );
    const answers = [];
    for (const userId of targets) {
      answers.push(
        (await call("POST", `/api/games/${gameId}/invites`, organizer.cookie, { userId }))
          .statusCode,
      );
    }
    expect(answers.slice(0, INVITES_PER_HOUR).every((s) => s === 200)).toBe(true);
    const last = await call("POST", `/api/games/${gameId}/invites`, organizer.cookie, {
      userId: targets.at(-1),
    });
    expect([last.statusCode, last.json().message]).toEqual([429, TOO_MANY_INVITES]);
  });

  it("many inviters asking one player to one game at once: one invite, one notice", async () => {
    const organizer = await player("Organizer");
    const inviters = await Promise.all(Array.from({ length: 9 }, (_, i) => player(`Inviter${i}`)));
    const gameId = await game(
      organizer.id,
      inviters.map((p) => p.id),
      { maxPlayers: 12 },
    );
    const invitee = await player("Invitee");
    const answers = await Promise.all(
      [organizer, ...inviters].map((p) =>
        call("POST", `/api/games/${gameId}/invites`, p.cookie, { userId: invitee.id }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().alreadyInvited === false)).toHaveLength(1);
    expect(await notificationsOf(t.db, invitee.id, "game_invite")).toHaveLength(1);
  });
});

describe("Need N more", () => {
  it("asks available players near the court of similar skill who take invites, never twice", async () => {
    // A court of its own, so other tests' players are not near it.
    const ownCourt = await insertCourtRow(t.db, { latitude: 36.17, longitude: -115.14 });
    const near = { latitude: 36.2, longitude: -115.14 };
    const organizer = await player("Organizer", near);
    await setSkills(organizer.id, 3);
    const seated = await player("Seated", near);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId: ownCourt,
      organizerId: organizer.id,
      players: [seated.id],
      startsInHours: 24,
      maxPlayers: 10,
    });
    const similar = [
      await player("Near1", near),
      await player("Near2", near),
      await player("Near3", near),
    ];
    await setSkills(similar[2]?.id as string, 4); // within one level
    const farAway = await player("FarAway", FAR);
    const unavailable = await player("Busy", near);
    await t.db
      .update(playerProfiles)
      .set({ isAvailable: false })
      .where(eq(playerProfiles.userId, unavailable.id));
    const stronger = await player("Pro", near);
    await setSkills(stronger.id, 5);
    const noInvites = await player("Quiet", near);
    await t.db.insert(userSettings).values({ userId: noInvites.id, gameInvites: false });
    const hidden = await player("Hidden", near);
    await t.db.insert(userSettings).values({ userId: hidden.id, showLocation: false });

    const ask = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed: 2 });
    expect(ask.statusCode).toBe(200);
    const askedIds = (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.gameId, gameId))
    ).map((r) => r.userId);
    expect(new Set(askedIds)).toEqual(new Set(similar.map((p) => p.id)));
    for (const p of [farAway, unavailable, stronger, noInvites, hidden, seated, organizer]) {
      expect(askedIds).not.toContain(p.id);
    }
    expect(ask.json().asked).toBe(3);
    const [notice] = await notificationsOf(t.db, similar[0]?.id as string, "players_needed");
    expect(notice?.payload).toMatchObject({ needed: 2 });

    expect(new Set(ask.json().names)).toEqual(new Set(["Near1", "Near2", "Near3"]));

    // A second ask finds nobody new.
    const second = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed: 1 });
    expect(second.json()).toEqual({ asked: 0, names: [] });
    for (const p of similar)
      expect(await notificationsOf(t.db, p.id, "players_needed")).toHaveLength(1);
  });

  it("asks the organizer's friends first", async () => {
    const ownCourt = await insertCourtRow(t.db, { latitude: 35.08, longitude: -106.65 });
    const near = { latitude: 35.1, longitude: -106.65 };
    const organizer = await player("Organizer", near);
    await setSkills(organizer.id, 3);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId: ownCourt,
      organizerId: organizer.id,
      players: [],
      startsInHours: 24,
      maxPlayers: 10,
    });
    // Four players of the organizer's very level, and a friend a level away: without friends
    // first, the three asked (1 needed × 3) would be three of the four.
    for (const name of ["Even1", "Even2", "Even3", "Even4"]) await player(name, near);
    const friend = await player("Buddy", { latitude: 35.3, longitude: -106.65 });
    await setSkills(friend.id, 4);
    await t.db.insert(friendships).values([
      { userId: organizer.id, friendId: friend.id },
      { userId: friend.id, friendId: organizer.id },
    ]);
    const ask = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed: 1 });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().asked).toBe(3);
    expect(ask.json().names).toContain("Buddy");
  });

  it("leaves a player it asked open to a personal invite, told once more, then never again", async () => {
    const ownCourt = await insertCourtRow(t.db, { latitude: 35.15, longitude: -90.05 });
    const near = { latitude: 35.16, longitude: -90.05 };
    const organizer = await player("Organizer", near);
    const asked = await player("Asked", near);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId: ownCourt,
      organizerId: organizer.id,
      players: [],
      startsInHours: 24,
      maxPlayers: 10,
    });
    const ask = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed: 1 });
    expect(ask.json()).toEqual({ asked: 1, names: ["Asked"] });

    const listed = await call("GET", `/api/games/invitable?playerId=${asked.id}`, organizer.cookie);
    expect(listed.json()).toEqual([expect.objectContaining({ id: gameId, alreadyInvited: false })]);
    const invite = await call("POST", `/api/games/${gameId}/invites`, organizer.cookie, {
      userId: asked.id,
    });
    expect(invite.json()).toEqual({ alreadyInvited: false });
    expect(await notificationsOf(t.db, asked.id, "players_needed")).toHaveLength(1);
    expect(await notificationsOf(t.db, asked.id, "game_invite")).toHaveLength(1);

    const again = await call("POST", `/api/games/${gameId}/invites`, organizer.cookie, {
      userId: asked.id,
    });
    expect(again.json()).toEqual({ alreadyInvited: true });
    expect(await notificationsOf(t.db, asked.id, "game_invite")).toHaveLength(1);
    const rows = await t.db.select().from(gameInvites).where(eq(gameInvites.gameId, gameId));
    expect(rows).toEqual([expect.objectContaining({ userId: asked.id, source: "invite" })]);
  });

  it("is the organizer's, within the open spots, a few times a day", async () => {
    const organizer = await player("Organizer");
    const seated = await player("Seated");
    const gameId = await game(organizer.id, [seated.id], { maxPlayers: 4 });
    const notOrganizer = await call("POST", `/api/games/${gameId}/asks`, seated.cookie, {
      needed: 1,
    });
    expect([notOrganizer.statusCode, notOrganizer.json().message]).toEqual([403, ONLY_ORGANIZER]);
    const tooMany = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, {
      needed: 3,
    });
    expect(tooMany.statusCode).toBe(409);
    for (const needed of [0, 11, 1.5, "2"]) {
      expect(
        (await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed })).statusCode,
      ).toBe(400);
    }
    for (let i = 1; i < ASKS_PER_GAME_PER_DAY; i++) {
      expect(
        (await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, { needed: 1 }))
          .statusCode,
      ).toBe(200);
    }
    const limited = await call("POST", `/api/games/${gameId}/asks`, organizer.cookie, {
      needed: 1,
    });
    expect([limited.statusCode, limited.json().message]).toEqual([429, TOO_MANY_ASKS]);
  });

  it(`asks at most ${NEED_MORE_CAP} players, and parallel asks never tell anyone twice`, async () => {
    const farCourt = await insertCourtRow(t.db, { latitude: 45.5, longitude: -122.6 });
    const here = { latitude: 45.51, longitude: -122.6 };
    const organizer = await player("Organizer", here);
    const crowd = await Promise.all(Array.from({ length: 45 }, () => insertPlayer(t.db, here)));
    const games = await Promise.all(
      [0, 1].map(() =>
        insertGameWithPlayers(t.db, {
          courtId: farCourt,
          organizerId: organizer.id,
          startsInHours: 24,
          maxPlayers: 30,
        }),
      ),
    );
    const [one, two] = games as [number, number];
    const big = await call("POST", `/api/games/${one}/asks`, organizer.cookie, { needed: 10 });
    expect(big.json().asked).toBe(NEED_MORE_CAP);

    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call("POST", `/api/games/${two}/asks`, organizer.cookie, { needed: 5 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const total = answers.reduce((n, a) => n + a.json().asked, 0);
    expect(total).toBe(crowd.length);
    for (const userId of crowd) {
      const told = (await notificationsOf(t.db, userId, "players_needed")).filter(
        (n) => n.gameId === two,
      );
      expect(told).toHaveLength(1);
    }
  });
});
