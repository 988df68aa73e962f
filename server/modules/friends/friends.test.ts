import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FRIEND_ALREADY,
  FRIEND_ALREADY_ASKED,
  FRIEND_NO_OWN_REQUEST,
  FRIEND_NO_REQUEST,
  FRIEND_NOT_FRIENDS,
  FRIEND_NOT_TAKING,
  FRIEND_PLAYER_NOT_FOUND,
  FRIEND_REQUESTS_PER_HOUR,
  FRIEND_SELF,
  type FriendsOverview,
  TOO_MANY_FRIEND_REQUESTS,
} from "../../../common/friends.ts";
import { friendRequests, friendships, userSettings } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/**
 * Friends (decision 113). On PostgreSQL (TEST_DATABASE_URL) the parallel cases race on a pool;
 * on PGlite they queue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const player = (nickname = "Hooper") => playerWithSession(t.app, t.db, { nickname });
const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, body?: unknown) =>
  callApi(t.app, method, url, cookie, body);
const ask = (from: { cookie: string }, to: { id: string }) =>
  call("POST", "/api/friends/requests", from.cookie, { userId: to.id });
const overview = async (who: { cookie: string }): Promise<FriendsOverview> => {
  const answer = await call("GET", "/api/friends", who.cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const inbox = async (who: { cookie: string }) =>
  (await call("GET", "/api/notifications", who.cookie)).json().items as unknown[];
const ids = (list: { id: string }[]) => list.map((p) => p.id);
const message = (answer: { json(): unknown }) => (answer.json() as { message: string }).message;

describe("friend requests", () => {
  it("a request waits on the other player, who is told, and accepting makes both friends", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const sent = await ask(ana, ben);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: "requested" });

    expect(ids((await overview(ana)).outgoing)).toEqual([ben.id]);
    const bens = await overview(ben);
    expect(bens.incoming).toEqual([
      expect.objectContaining({ id: ana.id, nickname: "Ana", primaryPosition: "Point Guard" }),
    ]);
    expect(await inbox(ben)).toEqual([
      expect.objectContaining({
        kind: "friend_request",
        title: "Ana sent you a friend request",
        link: "/players",
      }),
    ]);

    const accepted = await call("POST", `/api/friends/requests/${ana.id}/accept`, ben.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(await overview(ana)).toEqual({
      friends: [expect.objectContaining({ id: ben.id, nickname: "Ben" })],
      incoming: [],
      outgoing: [],
    });
    expect(ids((await overview(ben)).friends)).toEqual([ana.id]);
    expect(await inbox(ana)).toEqual([
      expect.objectContaining({
        kind: "friend_accepted",
        title: "Ben accepted your friend request",
        link: "/players",
      }),
    ]);

    const again = await ask(ana, ben);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(FRIEND_ALREADY);
  });

  it("two requests crossing make friends at once", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    expect((await ask(ana, ben)).json()).toEqual({ status: "requested" });
    expect((await ask(ben, ana)).json()).toEqual({ status: "friends" });
    expect(ids((await overview(ana)).friends)).toEqual([ben.id]);
    expect(ids((await overview(ben)).friends)).toEqual([ana.id]);
    expect(await t.db.select().from(friendRequests).where(eq(friendRequests.toId, ana.id))).toEqual(
      [],
    );
  });

  it("a declined request looks pending to its sender and cannot be sent twice", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    await ask(ana, ben);
    const declined = await call("POST", `/api/friends/requests/${ana.id}/decline`, ben.cookie);
    expect(declined.statusCode).toBe(200);
    expect((await overview(ben)).incoming).toEqual([]);
    expect(ids((await overview(ana)).outgoing)).toEqual([ben.id]);

    const twice = await ask(ana, ben);
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(FRIEND_ALREADY_ASKED);

    // Withdrawn, then sent again: back on the sender's list, still declined, nobody told again.
    expect((await call("DELETE", `/api/friends/requests/${ben.id}`, ana.cookie)).statusCode).toBe(
      200,
    );
    expect((await overview(ana)).outgoing).toEqual([]);
    expect((await ask(ana, ben)).json()).toEqual({ status: "requested" });
    expect(ids((await overview(ana)).outgoing)).toEqual([ben.id]);
    expect((await overview(ben)).incoming).toEqual([]);
    expect(await notificationsOf(t.db, ben.id, "friend_request")).toHaveLength(1);

    // The one declined can still change their mind by asking back.
    expect((await ask(ben, ana)).json()).toEqual({ status: "friends" });
  });

  it("a pending request withdrawn is gone, and can be sent again", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    await ask(ana, ben);
    await call("DELETE", `/api/friends/requests/${ben.id}`, ana.cookie);
    expect((await overview(ben)).incoming).toEqual([]);
    const accept = await call("POST", `/api/friends/requests/${ana.id}/accept`, ben.cookie);
    expect(accept.statusCode).toBe(404);
    expect(message(accept)).toBe(FRIEND_NO_REQUEST);
    expect((await ask(ana, ben)).json()).toEqual({ status: "requested" });
    expect(ids((await overview(ben)).incoming)).toEqual([ana.id]);
  });

  it("a player with Friend Requests off cannot be asked, and nothing is written", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    await t.db.insert(userSettings).values({ userId: ben.id, allowFriendRequests: false });
    const refused = await ask(ana, ben);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(FRIEND_NOT_TAKING);
    expect(await t.db.select().from(friendRequests).where(eq(friendRequests.toId, ben.id))).toEqual(
      [],
    );
    // They can still ask others themselves, and be answered.
    expect((await ask(ben, ana)).json()).toEqual({ status: "requested" });
    expect((await ask(ana, ben)).json()).toEqual({ status: "friends" });
  });

  it("bad input and other players' requests: clear errors, nothing changed", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const cal = await player("Cal");

    const self = await ask(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe(FRIEND_SELF);
    const nobody = await ask(ana, { id: "00000000-0000-0000-0000-000000000000" });
    expect(nobody.statusCode).toBe(404);
    expect(message(nobody)).toBe(FRIEND_PLAYER_NOT_FOUND);
    expect((await call("POST", "/api/friends/requests", ana.cookie, {})).statusCode).toBe(400);
    expect(
      (await call("POST", "/api/friends/requests", ana.cookie, { userId: "x".repeat(37) }))
        .statusCode,
    ).toBe(400);
    expect((await call("GET", "/api/friends")).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/friends/requests", undefined, { userId: ben.id })).statusCode,
    ).toBe(401);

    await ask(ana, ben);
    // Cal cannot answer or withdraw what is between Ana and Ben.
    expect(
      (await call("POST", `/api/friends/requests/${ana.id}/accept`, cal.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call("POST", `/api/friends/requests/${ana.id}/decline`, cal.cookie)).statusCode,
    ).toBe(404);
    const notMine = await call("DELETE", `/api/friends/requests/${ben.id}`, cal.cookie);
    expect(notMine.statusCode).toBe(404);
    expect(message(notMine)).toBe(FRIEND_NO_OWN_REQUEST);
    // Nor can the sender accept their own request.
    expect(
      (await call("POST", `/api/friends/requests/${ben.id}/accept`, ana.cookie)).statusCode,
    ).toBe(404);
    expect(ids((await overview(ben)).incoming)).toEqual([ana.id]);
    const notFriends = await call("DELETE", `/api/friends/${ben.id}`, ana.cookie);
    expect(notFriends.statusCode).toBe(404);
    expect(message(notFriends)).toBe(FRIEND_NOT_FRIENDS);
  });

  it("either friend ends the friendship for both", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    await ask(ana, ben);
    await call("POST", `/api/friends/requests/${ana.id}/accept`, ben.cookie);
    expect((await call("DELETE", `/api/friends/${ana.id}`, ben.cookie)).statusCode).toBe(200);
    expect((await overview(ana)).friends).toEqual([]);
    expect((await overview(ben)).friends).toEqual([]);
    expect((await ask(ben, ana)).json()).toEqual({ status: "requested" });
  });

  it(`a player sends at most ${FRIEND_REQUESTS_PER_HOUR} requests an hour`, async () => {
    const ana = await player("Ana");
    const others = await Promise.all(
      Array.from({ length: FRIEND_REQUESTS_PER_HOUR + 1 }, (_, i) => player(`Other ${i}`)),
    );
    for (const other of others.slice(0, FRIEND_REQUESTS_PER_HOUR)) {
      expect((await ask(ana, other)).statusCode).toBe(200);
    }
    const last = others.at(-1);
    if (!last) throw new Error("no players");
    const refused = await ask(ana, last);
    expect(refused.statusCode).toBe(429);
    expect(message(refused)).toBe(TOO_MANY_FRIEND_REQUESTS);
    expect((await overview(last)).incoming).toEqual([]);
  });
});

describe("friend requests at once", () => {
  it("two players asking each other at the same moment end up friends, with no request left", async () => {
    const pairs = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) => [await player(`Alpha ${i}`), await player(`Bravo ${i}`)] as const,
      ),
    );
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [ask(a, b), ask(b, a)]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const [a, b] of pairs) {
      const rows = await t.db.select().from(friendships).where(eq(friendships.userId, a.id));
      expect(rows.map((r) => r.friendId)).toEqual([b.id]);
      const left = await t.db
        .select()
        .from(friendRequests)
        .where(and(eq(friendRequests.fromId, a.id), eq(friendRequests.toId, b.id)));
      expect(left).toEqual([]);
    }
  });

  it("the same request sent many times at once is one request and one notice", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(ana, ben)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(ids((await overview(ben)).incoming)).toEqual([ana.id]);
    expect(await notificationsOf(t.db, ben.id, "friend_request")).toHaveLength(1);
  });

  it("an accept racing a withdrawal leaves either friends or nothing, never both", async () => {
    for (let i = 0; i < 6; i++) {
      const ana = await player("Ana");
      const ben = await player("Ben");
      await ask(ana, ben);
      const [accepted, withdrawn] = await Promise.all([
        call("POST", `/api/friends/requests/${ana.id}/accept`, ben.cookie),
        call("DELETE", `/api/friends/requests/${ben.id}`, ana.cookie),
      ]);
      expect([accepted.statusCode, withdrawn.statusCode].sort()).toEqual([200, 404]);
      const friends = ids((await overview(ana)).friends);
      expect(friends).toEqual(accepted.statusCode === 200 ? [ben.id] : []);
      expect((await overview(ana)).outgoing).toEqual([]);
    }
  });
});
