import { and, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BLOCK_PLAYER_NOT_FOUND,
  BLOCK_SELF,
  type BlockedPlayer,
  YOU_BLOCKED,
} from "../../../common/blocks.ts";
import { FRIEND_NOT_TAKING } from "../../../common/friends.ts";
import { INVITE_NOT_TAKING } from "../../../common/invites.ts";
import type { NearbyPlayer } from "../../../common/players.ts";
import { friendRequests, friendships, notifications, playerBlocks } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/**
 * Blocking (decision 114), enforced both ways. On PostgreSQL (TEST_DATABASE_URL) the parallel
 * cases race on a pool; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;
const COURT = { latitude: 34.05, longitude: -118.25 };
// About a mile north of the court.
const NEAR = { latitude: 34.065, longitude: -118.25 };

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, COURT);
});
afterAll(() => t.close());

type Player = { id: string; cookie: string };
const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname, ...NEAR });
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  cookie?: string,
  body?: unknown,
) => callApi(t.app, method, url, cookie, body);
const block = (who: Player, other: { id: string }) =>
  call("PUT", `/api/blocks/${other.id}`, who.cookie);
const unblock = (who: Player, other: { id: string }) =>
  call("DELETE", `/api/blocks/${other.id}`, who.cookie);
const blockedBy = async (who: Player): Promise<BlockedPlayer[]> => {
  const answer = await call("GET", "/api/blocks", who.cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const message = (answer: { json(): unknown }) => (answer.json() as { message: string }).message;
const ids = (list: { id: string }[]) => list.map((p) => p.id);
const nearbyIds = async (who: Player) => {
  const answer = await call("GET", "/api/players/nearby", who.cookie);
  expect(answer.statusCode).toBe(200);
  return ids(answer.json() as NearbyPlayer[]);
};
const blockRows = () => t.db.select().from(playerBlocks);
const areFriends = async (a: string, b: string) =>
  (
    await t.db
      .select()
      .from(friendships)
      .where(
        or(
          and(eq(friendships.userId, a), eq(friendships.friendId, b)),
          and(eq(friendships.userId, b), eq(friendships.friendId, a)),
        ),
      )
  ).length;

describe("block and unblock", () => {
  it("a block is listed in the blocker's Settings only, blocking twice is once, and unblocking lifts it", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    expect((await block(ana, ben)).statusCode).toBe(200);
    expect((await block(ana, ben)).statusCode).toBe(200);
    expect(await blockedBy(ana)).toEqual([
      { id: ben.id, nickname: "Ben", profileImageUrl: null, since: expect.any(String) },
    ]);
    // The blocked player is not told, and has no list of who blocked them.
    expect(await blockedBy(ben)).toEqual([]);

    // Ben cannot lift Ana's block: his DELETE only ever names his own.
    expect((await unblock(ben, ana)).statusCode).toBe(200);
    expect(ids(await blockedBy(ana))).toEqual([ben.id]);

    expect((await unblock(ana, ben)).statusCode).toBe(200);
    expect(await blockedBy(ana)).toEqual([]);
  });

  it("bad input gets a clear error and writes nothing", async () => {
    const ana = await player("Ana");
    const before = (await blockRows()).length;
    const self = await block(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe(BLOCK_SELF);
    const nobody = await block(ana, { id: "00000000-0000-0000-0000-000000000000" });
    expect(nobody.statusCode).toBe(404);
    expect(message(nobody)).toBe(BLOCK_PLAYER_NOT_FOUND);
    const tooLong = await block(ana, { id: "x".repeat(37) });
    expect(tooLong.statusCode).toBe(400);
    const signedOut = await call("PUT", `/api/blocks/${ana.id}`);
    expect(signedOut.statusCode).toBe(401);
    expect((await call("GET", "/api/blocks")).statusCode).toBe(401);
    expect((await blockRows()).length).toBe(before);
  });
});

describe("a block keeps two players apart, both ways", () => {
  it("neither sees the other among nearby players until the block is lifted", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    expect(await nearbyIds(ana)).toContain(ben.id);
    expect(await nearbyIds(ben)).toContain(ana.id);
    await block(ana, ben);
    expect(await nearbyIds(ana)).not.toContain(ben.id);
    expect(await nearbyIds(ben)).not.toContain(ana.id);
    await unblock(ana, ben);
    expect(await nearbyIds(ana)).toContain(ben.id);
    expect(await nearbyIds(ben)).toContain(ana.id);
  });

  it("ends a friendship and the requests between them; neither can ask again", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const cyd = await player("Cyd");
    await call("POST", "/api/friends/requests", ana.cookie, { userId: ben.id });
    await call("POST", `/api/friends/requests/${ana.id}/accept`, ben.cookie);
    await call("POST", "/api/friends/requests", cyd.cookie, { userId: ana.id });
    expect(await areFriends(ana.id, ben.id)).toBe(2);

    await block(ana, ben);
    await block(ana, cyd);
    expect(await areFriends(ana.id, ben.id)).toBe(0);
    expect(
      await t.db.select().from(friendRequests).where(eq(friendRequests.fromId, cyd.id)),
    ).toEqual([]);

    const mine = await call("POST", "/api/friends/requests", ana.cookie, { userId: ben.id });
    expect(mine.statusCode).toBe(403);
    expect(message(mine)).toBe(YOU_BLOCKED);
    // The blocked player meets a closed door, not the news that they were blocked.
    const theirs = await call("POST", "/api/friends/requests", ben.cookie, { userId: ana.id });
    expect(theirs.statusCode).toBe(403);
    expect(message(theirs)).toBe(FRIEND_NOT_TAKING);
    expect(await t.db.select().from(friendRequests).where(eq(friendRequests.toId, ana.id))).toEqual(
      [],
    );
  });

  it("neither can invite the other, and 'Need N more' skips them", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const cyd = await player("Cyd");
    await block(ben, ana);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: ana.id,
      startsInHours: 24,
      maxPlayers: 10,
    });
    const invitable = await call("GET", `/api/games/invitable?playerId=${ben.id}`, ana.cookie);
    expect(invitable.json()).toEqual([]);
    const invite = await call("POST", `/api/games/${gameId}/invites`, ana.cookie, {
      userId: ben.id,
    });
    expect(invite.statusCode).toBe(403);
    expect(message(invite)).toBe(INVITE_NOT_TAKING);

    const benGame = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: ben.id,
      startsInHours: 24,
      maxPlayers: 10,
    });
    const back = await call("POST", `/api/games/${benGame}/invites`, ben.cookie, {
      userId: ana.id,
    });
    expect(back.statusCode).toBe(403);
    expect(message(back)).toBe(YOU_BLOCKED);

    const ask = await call("POST", `/api/games/${gameId}/asks`, ana.cookie, { needed: 9 });
    expect(ask.statusCode).toBe(200);
    const asked = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.gameId, gameId));
    expect(asked.map((r) => r.userId)).toContain(cyd.id);
    expect(asked.map((r) => r.userId)).not.toContain(ben.id);
  });

  it("hides each one's messages from the other in a game thread, old and new, and tells neither", async () => {
    const ana = await player("Ana");
    const ben = await player("Ben");
    const cyd = await player("Cyd");
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: cyd.id,
      players: [ana.id, ben.id],
      startsInHours: 24,
    });
    const url = `/api/games/${gameId}/messages`;
    const bodies = async (who: Player) =>
      ((await call("GET", url, who.cookie)).json() as { items: { body: string }[] }).items.map(
        (m) => m.body,
      );
    await call("POST", url, ben.cookie, { body: "Before the block" });
    await block(ana, ben);
    await call("POST", url, ben.cookie, { body: "After the block" });
    await call("POST", url, ana.cookie, { body: "Ana here" });
    await call("POST", url, cyd.cookie, { body: "Cyd here" });

    expect(await bodies(ana)).toEqual(["Cyd here", "Ana here"]);
    expect(await bodies(ben)).toEqual(["Cyd here", "After the block", "Before the block"]);
    expect(await bodies(cyd)).toEqual([
      "Cyd here",
      "Ana here",
      "After the block",
      "Before the block",
    ]);
    const toldOf = async (reader: string, sender: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, reader),
              eq(notifications.actorId, sender),
              eq(notifications.gameId, gameId),
            ),
          )
      ).length;
    expect(await toldOf(ana.id, ben.id)).toBe(1); // "Before the block" only
    expect(await toldOf(ben.id, ana.id)).toBe(0);
    expect(await toldOf(cyd.id, ben.id)).toBe(2);

    await unblock(ana, ben);
    expect(await bodies(ana)).toEqual([
      "Cyd here",
      "Ana here",
      "After the block",
      "Before the block",
    ]);
  });
});

describe("a block racing", () => {
  it("a friend accept never leaves them friends with a block between them", async () => {
    for (let round = 0; round < 5; round++) {
      const ana = await player("Ana");
      const ben = await player("Ben");
      await call("POST", "/api/friends/requests", ben.cookie, { userId: ana.id });
      await Promise.all([
        block(ana, ben),
        call("POST", `/api/friends/requests/${ben.id}/accept`, ana.cookie),
        call("POST", "/api/friends/requests", ana.cookie, { userId: ben.id }),
      ]);
      expect(await areFriends(ana.id, ben.id)).toBe(0);
      expect(ids(await blockedBy(ana))).toEqual([ben.id]);
    }
  });

  it("a message leaves the message hidden from the blocker", async () => {
    const ana = await player("Ana");
    const cyd = await player("Cyd");
    const senders = await Promise.all(Array.from({ length: 5 }, (_, i) => player(`Ben${i}`)));
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: cyd.id,
      players: [ana.id, ...senders.map((s) => s.id)],
      startsInHours: 24,
      maxPlayers: 10,
    });
    const url = `/api/games/${gameId}/messages`;
    await Promise.all(
      senders.flatMap((s) => [
        block(ana, s),
        call("POST", url, s.cookie, { body: `From ${s.id}` }),
      ]),
    );
    const seen = (await call("GET", url, ana.cookie)).json() as { items: { body: string }[] };
    expect(seen.items).toEqual([]);
    const all = (await call("GET", url, cyd.cookie)).json() as { items: unknown[] };
    expect(all.items).toHaveLength(senders.length);
  });
});
