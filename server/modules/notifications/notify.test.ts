import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSettings } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { jobsOf, liveEventsKept, notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { type Notice, notify } from "./notify.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const facts = {
  gameTitle: "Sunday Run",
  courtName: "Test Court",
  startsAt: "2026-06-14T17:00:00.000Z",
  timeZone: "America/Los_Angeles",
};

const cancelled = (userId: string, gameId: number, actorId?: string): Notice => ({
  kind: "game_cancelled",
  userId,
  actorId,
  gameId,
  courtId,
  payload: facts,
  dedupeKey: `game:${gameId}:cancelled`,
});

async function scene() {
  const organizer = await insertPlayer(t.db, { nickname: "Coach" });
  const player = await insertPlayer(t.db, { nickname: "Rookie" });
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer,
    players: [player],
    startsInHours: 24,
  });
  return { organizer, player, gameId };
}

describe("notify", () => {
  it("writes the row, its delivery job and a live event for the bell in the caller's transaction", async () => {
    const { organizer, player, gameId } = await scene();
    const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
    const ids = await t.db.transaction((tx) => notify(tx, [cancelled(player, gameId, organizer)]));

    expect(ids).toHaveLength(1);
    const [row] = await notificationsOf(t.db, player);
    expect(row).toMatchObject({ id: ids[0], kind: "game_cancelled", gameId, actorId: organizer });
    const jobs = await jobsOf(t.db, "notification-delivery");
    expect(jobs).toHaveLength(jobsBefore + 1);
    expect(jobs.at(-1)).toMatchObject({ state: "created", data: { notificationIds: ids } });
    const events = await liveEventsKept(t.db);
    expect(events.at(-1)).toMatchObject({
      userId: player,
      data: { type: "notifications.changed" },
    });
  });

  it("leaves nothing behind when the transaction rolls back: no row, no job, no event", async () => {
    const { organizer, player, gameId } = await scene();
    const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
    const eventsBefore = (await liveEventsKept(t.db)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, [cancelled(player, gameId, organizer)]);
        throw new Error("the seat change failed");
      }),
    ).rejects.toThrow("the seat change failed");
    expect(await notificationsOf(t.db, player)).toEqual([]);
    expect(await jobsOf(t.db, "notification-delivery")).toHaveLength(jobsBefore);
    expect(await liveEventsKept(t.db)).toHaveLength(eventsBefore);
  });

  it("records an event once per player however often it is notified", async () => {
    const { organizer, player, gameId } = await scene();
    const first = await notify(t.db, [cancelled(player, gameId, organizer)]);
    const again = await notify(t.db, [
      cancelled(player, gameId, organizer),
      cancelled(player, gameId, organizer),
    ]);
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    expect(await notificationsOf(t.db, player)).toHaveLength(1);
  });

  it("never tells the actor about their own action", async () => {
    const { organizer, gameId } = await scene();
    expect(await notify(t.db, [cancelled(organizer, gameId, organizer)])).toEqual([]);
    expect(await notificationsOf(t.db, organizer)).toEqual([]);
  });

  it("skips players who switched the kind off, and only them", async () => {
    const { organizer, gameId } = await scene();
    const [quiet, keen, fresh] = [
      await insertPlayer(t.db),
      await insertPlayer(t.db),
      await insertPlayer(t.db),
    ];
    await t.db.insert(userSettings).values([
      { userId: quiet, courtUpdates: true, newMessages: false },
      { userId: keen, courtUpdates: true },
    ]);
    const message = (userId: string): Notice => ({
      kind: "organizer_message",
      userId,
      actorId: organizer,
      gameId,
      payload: { gameTitle: "Sunday Run", senderName: "Coach", excerpt: "Bring a ball" },
      dedupeKey: "message:1",
    });
    const newGame = (userId: string): Notice => ({
      kind: "court_new_game",
      userId,
      actorId: organizer,
      gameId,
      courtId,
      payload: { ...facts, organizerName: "Coach" },
      dedupeKey: `game:${gameId}:new-at-court`,
    });
    await notify(t.db, [message(quiet), message(keen), message(fresh)]);
    await notify(t.db, [newGame(quiet), newGame(keen), newGame(fresh)]);

    // New Messages defaults to on, Court Updates to off (spec §2).
    expect((await notificationsOf(t.db, quiet)).map((n) => n.kind)).toEqual(["court_new_game"]);
    expect((await notificationsOf(t.db, keen)).map((n) => n.kind)).toEqual([
      "organizer_message",
      "court_new_game",
    ]);
    expect((await notificationsOf(t.db, fresh)).map((n) => n.kind)).toEqual(["organizer_message"]);
  });

  it("kinds without a switch reach everyone, whatever their switches say", async () => {
    const { organizer, player, gameId } = await scene();
    await t.db
      .insert(userSettings)
      .values({
        userId: player,
        gameInvites: false,
        newMessages: false,
        courtUpdates: false,
        weeklyStats: false,
        emailNotifications: false,
      })
      .onConflictDoNothing();
    await notify(t.db, [cancelled(player, gameId, organizer)]);
    expect(await notificationsOf(t.db, player, "game_cancelled")).toHaveLength(1);
  });
});
