import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  gameMessagePageSchema,
  gameMessageSchema,
  MESSAGES_PER_HOUR,
  THREAD_PLAYERS_ONLY,
  TOO_MANY_MESSAGES,
} from "../../../common/games.ts";
import { TEXT_REFUSED } from "../../../common/text-filter.ts";
import { gameLine, gameMessages, userSettings } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { liveEventsKept, notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const player = (nickname: string) =>
  playerWithSession(t.app, t.db, {
    nickname,
    email: `${nickname.toLowerCase()}${Math.random()}@example.com`,
  });
const call = (method: "GET" | "POST", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);

/** A game 24 h ahead with an organizer and two seated players. */
async function gameWithThread() {
  const organizer = await player("Coach");
  const one = await player("Guard");
  const two = await player("Center");
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players: [one.id, two.id],
    startsInHours: 24,
  });
  return { gameId, organizer, one, two, url: `/api/games/${gameId}/messages` };
}

const bodies = (page: { items: { body: string }[] }) => page.items.map((m) => m.body);

describe("the game thread", () => {
  it("the organizer and seated players read and write it, newest first, without anyone's e-mail", async () => {
    const { organizer, one, two, url } = await gameWithThread();
    const sent = await call("POST", url, one.cookie, { body: "  Who brings a ball?  " });
    expect(sent.statusCode).toBe(201);
    expect(gameMessageSchema.parse(sent.json())).toMatchObject({
      body: "Who brings a ball?",
      sender: { id: one.id, profile: { nickname: "Guard" } },
    });
    expect((await call("POST", url, organizer.cookie, { body: "I will" })).statusCode).toBe(201);
    for (const reader of [organizer, one, two]) {
      const page = await call("GET", url, reader.cookie);
      expect(page.statusCode).toBe(200);
      expect(bodies(gameMessagePageSchema.parse(page.json()))).toEqual([
        "I will",
        "Who brings a ball?",
      ]);
      expect(page.body).not.toContain("@");
    }
  });

  it("is closed to others: 401 signed out, 403 for a player not in the game or only in its line, 404 without a game", async () => {
    const { gameId, one, url } = await gameWithThread();
    await call("POST", url, one.cookie, { body: "Private to the game" });
    const outsider = await player("Outsider");
    for (const method of ["GET", "POST"] as const) {
      const refused = await call(
        method,
        url,
        outsider.cookie,
        method === "POST" ? { body: "Hi" } : undefined,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: THREAD_PLAYERS_ONLY });
      expect(
        (await call(method, url, undefined, method === "POST" ? { body: "Hi" } : undefined))
          .statusCode,
      ).toBe(401);
    }
    const waiting = await player("Waiting");
    await t.db.insert(gameLine).values({ gameId, userId: waiting.id });
    expect((await call("GET", url, waiting.cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/games/999999/messages", one.cookie)).statusCode).toBe(404);
  });

  it("validates text and paging with the shared schemas", async () => {
    const { one, url } = await gameWithThread();
    for (const [body, message] of [
      [{ body: "   " }, "Write a message first"],
      [{ body: "x".repeat(1001) }, "A message is at most 1000 characters"],
      [{}, "Write a message first"],
    ] as const) {
      const response = await call("POST", url, one.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const query of ["limit=0", "limit=101", "before=abc", "before=-1"]) {
      expect((await call("GET", `${url}?${query}`, one.cookie)).statusCode).toBe(400);
    }
  });

  it("refuses a message the text filter finds a word in, on the field; nothing is written or told", async () => {
    const { gameId, organizer, one, url } = await gameWithThread();
    const response = await call("POST", url, one.cookie, { body: "Where the f*ck is everyone?" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TEXT_REFUSED, errors: { body: TEXT_REFUSED } });
    expect(await t.db.$count(gameMessages, eq(gameMessages.gameId, gameId))).toBe(0);
    expect(
      bodies(gameMessagePageSchema.parse((await call("GET", url, one.cookie)).json())),
    ).toEqual([]);
    expect(await notificationsOf(t.db, organizer.id)).toEqual([]);
  });

  it("pages back to older messages", async () => {
    const { gameId, organizer, one, url } = await gameWithThread();
    await t.db.insert(gameMessages).values(
      Array.from({ length: 7 }, (_, i) => ({
        gameId,
        senderId: i % 2 ? one.id : organizer.id,
        body: `m${i}`,
      })),
    );
    const first = gameMessagePageSchema.parse(
      (await call("GET", `${url}?limit=3`, one.cookie)).json(),
    );
    expect(bodies(first)).toEqual(["m6", "m5", "m4"]);
    const second = gameMessagePageSchema.parse(
      (await call("GET", `${url}?limit=3&before=${first.nextBefore}`, one.cookie)).json(),
    );
    expect(bodies(second)).toEqual(["m3", "m2", "m1"]);
    const last = gameMessagePageSchema.parse(
      (await call("GET", `${url}?limit=3&before=${second.nextBefore}`, one.cookie)).json(),
    );
    expect(bodies(last)).toEqual(["m0"]);
    expect(last.nextBefore).toBeNull();
  });

  it("messages once sent to the organizer alone stay the organizer's", async () => {
    const { gameId, organizer, one, two, url } = await gameWithThread();
    await t.db
      .insert(gameMessages)
      .values({ gameId, senderId: one.id, body: "Just for you", organizerOnly: true });
    expect(bodies((await call("GET", url, organizer.cookie)).json())).toEqual(["Just for you"]);
    expect(bodies((await call("GET", url, two.cookie)).json())).toEqual([]);
  });

  it("tells the other members (New Messages decides) and appends live on their pages", async () => {
    const { gameId, organizer, one, two, url } = await gameWithThread();
    const quiet = await player("Quiet");
    await t.db.insert(userSettings).values({ userId: quiet.id, newMessages: false });
    const withQuiet = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: [one.id, quiet.id],
      startsInHours: 24,
    });
    const before = (await liveEventsKept(t.db)).length;
    await call("POST", url, one.cookie, { body: "Running at 6" });
    expect(await notificationsOf(t.db, organizer.id, "organizer_message")).toHaveLength(1);
    const [forTwo] = await notificationsOf(t.db, two.id, "thread_message");
    expect(forTwo).toMatchObject({ gameId, actorId: one.id });
    expect(forTwo?.payload).toMatchObject({ senderName: "Guard", excerpt: "Running at 6" });
    expect(await notificationsOf(t.db, one.id)).toEqual([]);
    const thread = (await liveEventsKept(t.db))
      .slice(before)
      .filter((e) => (e.data as { type: string }).type === "game.thread");
    expect(new Set(thread.map((e) => e.userId))).toEqual(new Set([organizer.id, one.id, two.id]));
    expect(thread.every((e) => e.userId !== null)).toBe(true);

    await call("POST", `/api/games/${withQuiet}/messages`, one.cookie, { body: "Anyone?" });
    expect(await notificationsOf(t.db, quiet.id)).toEqual([]);
  });

  it(`slows a sender down after ${MESSAGES_PER_HOUR} messages an hour`, async () => {
    const { one, url } = await gameWithThread();
    for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
      expect((await call("POST", url, one.cookie, { body: `Message ${i}` })).statusCode).toBe(201);
    }
    const over = await call("POST", url, one.cookie, { body: "One more" });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TOO_MANY_MESSAGES });
  });
});
