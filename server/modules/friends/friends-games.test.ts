import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FriendGame } from "../../../common/friends.ts";
import { friendships, gameParticipants } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/** A friend's upcoming games, shown to their friends (issue 34 point 1). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const friends = (a: string, b: string) =>
  t.db.insert(friendships).values([
    { userId: a, friendId: b },
    { userId: b, friendId: a },
  ]);
const friendsGames = async (cookie: string): Promise<FriendGame[]> => {
  const answer = await callApi(t.app, "GET", "/api/friends/games", cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

describe("GET /api/friends/games", () => {
  it("lists the upcoming games a friend is seated in, soonest first, with the friends in each", async () => {
    const ana = await playerWithSession(t.app, t.db, { nickname: "Ana" });
    const ben = await insertPlayer(t.db, { nickname: "Ben" });
    const cy = await insertPlayer(t.db, { nickname: "Cyd" });
    const stranger = await insertPlayer(t.db, { nickname: "Stranger" });
    await friends(ana.id, ben);
    await friends(ana.id, cy);
    // A friendship Ana is not in: Ben's friend Stranger is nothing to her.
    await friends(ben, stranger);
    const courtId = await insertCourtRow(t.db);
    const later = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: stranger,
      players: [cy, ben],
      startsInHours: 48,
      title: "Later run",
    });
    // Seats inserted together share one timestamp: Cyd took hers an hour before Ben.
    await t.db
      .update(gameParticipants)
      .set({ joinedAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(gameParticipants.gameId, later), eq(gameParticipants.userId, cy)));
    const sooner = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: ana.id,
      players: [ben],
      startsInHours: 3,
      title: "Sooner run",
    });
    // Not listed: a stranger's game, a friend's past game, a friend's cancelled game, and one at
    // a court taken off the map.
    await insertGameWithPlayers(t.db, { courtId, organizerId: stranger, startsInHours: 5 });
    await insertGameWithPlayers(t.db, { courtId, organizerId: ben, startsInHours: -5 });
    await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: ben,
      startsInHours: 6,
      status: "cancelled",
    });
    const closed = await insertCourtRow(t.db, { isActive: false });
    await insertGameWithPlayers(t.db, { courtId: closed, organizerId: ben, startsInHours: 7 });

    const list = await friendsGames(ana.cookie);
    expect(list.map((entry) => entry.game.id)).toEqual([sooner, later]);
    expect(list[0]).toMatchObject({
      game: { title: "Sooner run", currentPlayers: 2 },
      friends: [{ id: ben, nickname: "Ben" }],
      youreIn: true,
    });
    expect(list[1]).toMatchObject({
      game: { title: "Later run", currentPlayers: 3 },
      friends: [
        { id: cy, nickname: "Cyd" },
        { id: ben, nickname: "Ben" },
      ],
      youreIn: false,
    });
  });

  it("forgets a friend's games once the friendship ends", async () => {
    const ana = await playerWithSession(t.app, t.db, { nickname: "Ana" });
    const ben = await insertPlayer(t.db, { nickname: "Ben" });
    await friends(ana.id, ben);
    const courtId = await insertCourtRow(t.db);
    await insertGameWithPlayers(t.db, { courtId, organizerId: ben, startsInHours: 2 });
    expect(await friendsGames(ana.cookie)).toHaveLength(1);
    const ended = await callApi(t.app, "DELETE", `/api/friends/${ben}`, ana.cookie);
    expect(ended.statusCode).toBe(200);
    expect(await friendsGames(ana.cookie)).toEqual([]);
  });

  it("is for signed-in players only", async () => {
    const answer = await callApi(t.app, "GET", "/api/friends/games");
    expect(answer.statusCode).toBe(401);
  });
});
