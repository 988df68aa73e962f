import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions, userSettings, users } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import {
  deliveryIdsOf,
  insertPushDevice,
  jobsOf,
  liveEventsKept,
  notificationsOf,
} from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { type Notice, notify } from "./notify.ts";
import { setMailConfigured } from "./reach.ts";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());
afterEach(() => setMailConfigured(false)); // as the test app's config says: no SMTP_URL

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
    await insertPushDevice(t.db, player);
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

    // New Messages defaults to on, Court Updates to off (product §2).
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

  describe("the delivery job, only for notices someone can receive beyond the bell", () => {
    const weekly = (userId: string): Notice => ({
      kind: "weekly_stats",
      userId,
      payload: { gamesPlayed: 1, wins: 1, points: 9, badgesEarned: 0 },
      dedupeKey: `weekly:${userId}`,
    });
    const newJobIds = async (jobsBefore: number) =>
      (await jobsOf(t.db, "notification-delivery")).slice(jobsBefore).flatMap(deliveryIdsOf);

    it("writes no job when nobody has a device or mail, but still the rows and the events", async () => {
      const { organizer, player, gameId } = await scene();
      const other = await insertPlayer(t.db, { email: "other@example.com" });
      const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      const eventsBefore = (await liveEventsKept(t.db)).length;
      const ids = await notify(
        t.db,
        [cancelled(player, gameId, organizer), cancelled(other, gameId, organizer)],
        { announce: [{ event: { type: "game.changed", gameId, courtId }, to: "public" }] },
      );
      expect(ids).toHaveLength(2);
      expect(await jobsOf(t.db, "notification-delivery")).toHaveLength(jobsBefore);
      const events = (await liveEventsKept(t.db)).slice(eventsBefore);
      const bells = events.slice(0, 2).map((e) => [e.userId, e.data.type]);
      expect(bells.sort()).toEqual(
        [
          [player, "notifications.changed"],
          [other, "notifications.changed"],
        ].sort(),
      );
      expect(events.slice(2).map((e) => [e.userId, e.data.type])).toEqual([[null, "game.changed"]]);
    });

    it("carries only the notices of players with a device when the server sends no mail", async () => {
      const { organizer, player, gameId } = await scene();
      const withDevice = await insertPlayer(t.db, { email: "phone@example.com" });
      await insertPushDevice(t.db, withDevice);
      const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      const ids = await notify(t.db, [
        cancelled(player, gameId, organizer),
        cancelled(withDevice, gameId, organizer),
      ]);
      const [forDevice] = await notificationsOf(t.db, withDevice);
      expect(ids).toHaveLength(2);
      expect(await newJobIds(jobsBefore)).toEqual([forDevice?.id]);
    });

    it("mails only with SMTP configured, to players with an address and Email on", async () => {
      const { organizer, gameId } = await scene();
      const mailed = await insertPlayer(t.db, { email: "mailed@example.com" });
      const noAddress = await insertPlayer(t.db, { email: null });
      const emailOff = await insertPlayer(t.db, { email: "off@example.com" });
      await t.db.insert(userSettings).values({ userId: emailOff, emailNotifications: false });
      const all = [mailed, noAddress, emailOff];

      let jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(t.db, [cancelled(mailed, gameId, organizer)]);
      expect(await newJobIds(jobsBefore)).toEqual([]);

      setMailConfigured(true);
      jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(
        t.db,
        all.map((userId) => ({ ...cancelled(userId, gameId, organizer), dedupeKey: "second" })),
      );
      const [second] = (await notificationsOf(t.db, mailed)).slice(-1);
      expect(await newJobIds(jobsBefore)).toEqual([second?.id]);
    });

    it("goes by the kind's channels: a weekly summary is e-mail only, a join push only", async () => {
      const { gameId } = await scene();
      const player = await insertPlayer(t.db, { email: "weekly@example.com" });
      await insertPushDevice(t.db, player);
      setMailConfigured(true);
      let jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(t.db, [weekly(player)]);
      expect(await newJobIds(jobsBefore)).toHaveLength(1);

      const onlyMail = await insertPlayer(t.db, { email: "joins@example.com" });
      jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(t.db, [
        {
          kind: "player_joined",
          userId: onlyMail,
          actorId: player,
          gameId,
          payload: { gameTitle: "Sunday Run", playerName: "Rookie", seatsTaken: 2, maxPlayers: 10 },
          dedupeKey: "joined",
        },
      ]);
      expect(await newJobIds(jobsBefore)).toEqual([]);

      setMailConfigured(false);
      const phoneOnly = await insertPlayer(t.db, { email: "phone-only@example.com" });
      await insertPushDevice(t.db, phoneOnly);
      jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(t.db, [weekly(phoneOnly)]);
      expect(await newJobIds(jobsBefore)).toEqual([]);
    });

    it("a channel switched on later carries the next notices", async () => {
      const { organizer, player, gameId } = await scene();
      const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;
      await notify(t.db, [cancelled(player, gameId, organizer)]);
      expect(await newJobIds(jobsBefore)).toEqual([]);
      await insertPushDevice(t.db, player);
      const [next] = await notify(t.db, [
        { ...cancelled(player, gameId, organizer), dedupeKey: "next" },
      ]);
      expect(await newJobIds(jobsBefore)).toEqual([next]);
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, player));
      await t.db.update(users).set({ email: "later@example.com" }).where(eq(users.id, player));
      setMailConfigured(true);
      const [mailed] = await notify(t.db, [
        { ...cancelled(player, gameId, organizer), dedupeKey: "mailed" },
      ]);
      expect(await newJobIds(jobsBefore)).toEqual([next, mailed]);
    });
  });
});
