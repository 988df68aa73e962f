import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Notification,
  notificationPageSchema,
  UNREAD_COUNT_CAP,
} from "../../../common/notifications.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertPlayer } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { notify } from "./notify.ts";

const HOUR = 3_600_000;

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, {
    name: "Venice Beach Courts",
    address: "1800 Ocean Front Walk",
    latitude: 33.985,
    longitude: -118.472,
  });
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  cookie?: string,
  body?: unknown,
) => callApi(t.app, method, url, cookie, body);
const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });

async function newGame(cookie: string, title = "Saturday Run") {
  const response = await call("POST", "/api/games", cookie, {
    courtId,
    title,
    scheduledAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    maxPlayers: 4,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const inbox = async (cookie: string, query = "") => {
  const response = await call("GET", `/api/notifications${query}`, cookie);
  expect(response.statusCode).toBe(200);
  return notificationPageSchema.parse(response.json());
};
const unread = async (cookie: string) =>
  (await call("GET", "/api/notifications/unread-count", cookie)).json().count as number;

describe("what players are told", () => {
  it("the organizer hears of each join and leave; the player who acted hears nothing", async () => {
    const coach = await player("Coach");
    const rookie = await player("Rookie");
    const gameId = await newGame(coach.cookie);

    expect((await call("POST", `/api/games/${gameId}/join`, rookie.cookie)).statusCode).toBe(200);
    expect((await call("POST", `/api/games/${gameId}/join`, rookie.cookie)).statusCode).toBe(200);
    expect((await call("POST", `/api/games/${gameId}/leave`, rookie.cookie)).statusCode).toBe(200);

    const page = await inbox(coach.cookie);
    expect(page.items.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      ["player_left", "Rookie left Saturday Run", "1/4 players, 3 spots left.", `/game/${gameId}`],
      [
        "player_joined",
        "Rookie joined Saturday Run",
        "2/4 players, 2 spots left.",
        `/game/${gameId}`,
      ],
    ]);
    expect(await unread(coach.cookie)).toBe(2);
    expect((await inbox(rookie.cookie)).items).toEqual([]);
  });

  it("a cancelled game tells each of its players, with its day and time at the court", async () => {
    const coach = await player("Coach");
    const [a, b] = [await player("Alpha"), await player("Bravo")];
    const gameId = await newGame(coach.cookie, "Dawn Patrol");
    for (const p of [a, b]) await call("POST", `/api/games/${gameId}/join`, p.cookie);
    expect((await call("POST", `/api/games/${gameId}/cancel`, coach.cookie)).statusCode).toBe(200);
    expect((await call("POST", `/api/games/${gameId}/cancel`, coach.cookie)).statusCode).toBe(200);

    for (const p of [a, b]) {
      const [cancelled] = (await inbox(p.cookie)).items;
      expect(cancelled).toMatchObject({
        kind: "game_cancelled",
        title: "Dawn Patrol was cancelled",
      });
      // Told in the court's zone (Venice Beach: Pacific time).
      expect(cancelled?.body).toMatch(
        /^The organizer called off the game of \w{3}, \w{3} \d+, \d+:\d\d [AP]M PT at Venice Beach Courts\.$/,
      );
    }
    expect(await notificationsOf(t.db, coach.id)).toHaveLength(2); // the two joins, no cancel
  });

  it("a player's message in the game thread reaches the organizer's bell", async () => {
    const coach = await player("Coach");
    const fan = await player("Fan");
    const gameId = await newGame(coach.cookie, "Night Run");
    await call("POST", `/api/games/${gameId}/join`, fan.cookie);
    const sent = await call("POST", `/api/games/${gameId}/messages`, fan.cookie, {
      body: "Can I bring\n a friend?   He's   good.",
    });
    expect(sent.statusCode).toBe(201);
    const [message] = (await inbox(coach.cookie)).items;
    expect(message).toMatchObject({
      kind: "organizer_message",
      title: "Fan sent you a message",
      body: "About Night Run: “Can I bring a friend? He's good.”",
      link: `/game/${gameId}`,
    });
  });

  it("a new game at a favourite court reaches followers who keep Court Updates on", async () => {
    const coach = await player("Coach");
    const [on, off] = [await player("Follower"), await player("Quiet")];
    for (const p of [on, off]) {
      expect(
        (await call("PUT", `/api/courts/${courtId}/favorite`, p.cookie)).statusCode,
      ).toBeLessThan(300);
    }
    await call("PATCH", "/api/user/settings", on.cookie, { notifications: { courtUpdates: true } });
    const gameId = await newGame(coach.cookie, "Court Opener");
    const [news] = (await inbox(on.cookie)).items;
    expect(news).toMatchObject({
      kind: "court_new_game",
      title: "New game at Venice Beach Courts",
      link: `/game/${gameId}`,
    });
    expect(news?.body).toMatch(/^Coach set up Court Opener, /);
    expect((await inbox(off.cookie)).items).toEqual([]);
  });
});

describe("the inbox", () => {
  async function fill(userId: string, n: number) {
    const organizer = await insertPlayer(t.db);
    await notify(
      t.db,
      Array.from({ length: n }, (_, i) => ({
        kind: "badge_earned" as const,
        userId,
        actorId: organizer,
        payload: { badgeType: "iron_bro" as const },
        dedupeKey: `test:${i}`,
      })),
    );
  }

  it("pages newest first and says when there is no more", async () => {
    const me = await player("Pager");
    await fill(me.id, 45);
    const first = await inbox(me.cookie);
    expect(first.items).toHaveLength(20);
    const second = await inbox(me.cookie, `?before=${first.nextBefore}&limit=20`);
    const third = await inbox(me.cookie, `?before=${second.nextBefore}&limit=20`);
    expect(third.items).toHaveLength(5);
    expect(third.nextBefore).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(45);
    expect(first.items[0]).toMatchObject({
      title: "Badge earned: Iron Bro",
      body: "Play 10 games. It's on your profile now.",
      link: "/profile",
      readAt: null,
    });
  });

  it("marks one read (the caller's only) and all read", async () => {
    const me = await player("Reader");
    const other = await player("Other");
    await fill(me.id, 3);
    const [newest] = (await inbox(me.cookie)).items as [Notification];

    expect(
      (await call("POST", `/api/notifications/${newest.id}/read`, other.cookie)).statusCode,
    ).toBe(404);
    const marked = await call("POST", `/api/notifications/${newest.id}/read`, me.cookie);
    expect(marked.json()).toEqual({ marked: 1 });
    expect((await call("POST", `/api/notifications/${newest.id}/read`, me.cookie)).json()).toEqual({
      marked: 0,
    });
    expect(await unread(me.cookie)).toBe(2);
    expect((await inbox(me.cookie)).items[0]?.readAt).not.toBeNull();

    expect((await call("POST", "/api/notifications/read-all", me.cookie)).json()).toEqual({
      marked: 2,
    });
    expect(await unread(me.cookie)).toBe(0);
    expect((await call("POST", "/api/notifications/read-all", me.cookie)).json()).toEqual({
      marked: 0,
    });
  });

  it("counts unread up to the cap, so the bell shows 99+", async () => {
    const me = await player("Popular");
    await fill(me.id, UNREAD_COUNT_CAP + 5);
    expect(await unread(me.cookie)).toBe(UNREAD_COUNT_CAP);
  });

  it("answers bad input with 400 and changes nothing, and visitors with 401", async () => {
    const me = await player("Careful");
    for (const query of ["?limit=0", "?limit=51", "?limit=abc", "?before=-1", "?before=1.5"]) {
      const response = await call("GET", `/api/notifications${query}`, me.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    for (const id of ["0", "abc", "1e3", "99999999999999999"]) {
      expect((await call("POST", `/api/notifications/${id}/read`, me.cookie)).statusCode, id).toBe(
        400,
      );
    }
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", "/api/notifications/1/read"],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });
});
