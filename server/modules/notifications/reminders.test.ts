import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, userSettings, users } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { jobsOf, notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { cancelGame, createGame, joinGame, leaveGame } from "../games/service.ts";
import { reminderMoment } from "./quiet-hours.ts";
import { sendGameReminders } from "./reminders.ts";
import { sendWeeklySummaries } from "./weekly-stats.ts";

const HOUR = 3_600_000;
const LA = "America/Los_Angeles";

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, {
    name: "Rancho Park",
    latitude: 34.04,
    longitude: -118.42,
  });
});
afterAll(() => t.close());

async function gameIn(hours: number, organizerId: string) {
  return createGame(t.db, organizerId, {
    courtId,
    title: "Evening Run",
    scheduledAt: new Date(Date.now() + hours * HOUR).toISOString(),
    maxPlayers: 10,
    gameType: "pickup",
  });
}

const reminderJobsFor = async (gameId: number) =>
  (await jobsOf(t.db, "game-reminders")).filter((j) => j.data.gameId === gameId);

describe("game reminders", () => {
  it("are scheduled with the game, for two hours before (or out of the night), in the court's zone", async () => {
    const organizer = await insertPlayer(t.db);
    const game = await gameIn(26, organizer);
    const [job] = await reminderJobsFor(game.id);
    const start = new Date(game.scheduledAt);
    expect(job?.startAfter.toISOString()).toBe(reminderMoment(start, LA).toISOString());
    expect(job?.data).toEqual({ gameId: game.id, scheduledAt: start.toISOString() });
  });

  it("a game starting within two hours gets none", async () => {
    const organizer = await insertPlayer(t.db);
    const game = await gameIn(1.5, organizer);
    expect(await reminderJobsFor(game.id)).toEqual([]);
  });

  it("remind whoever holds a seat when they run, once", async () => {
    const organizer = await insertPlayer(t.db);
    const [stays, leaves] = [await insertPlayer(t.db), await insertPlayer(t.db)];
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer,
      players: [stays, leaves],
      startsInHours: 2,
    });
    await leaveGame(t.db, leaves, gameId);
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    const job = { gameId, scheduledAt: game?.scheduledAt.toISOString() ?? "" };
    await sendGameReminders(t.db, job);
    await sendGameReminders(t.db, job);

    for (const id of [organizer, stays]) {
      const reminders = await notificationsOf(t.db, id, "game_reminder");
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.payload).toMatchObject({
        gameTitle: "Pickup game",
        courtName: "Rancho Park",
      });
    }
    expect(await notificationsOf(t.db, leaves, "game_reminder")).toEqual([]);
  });

  it("tell no one about a cancelled game", async () => {
    const organizer = await insertPlayer(t.db);
    const player = await insertPlayer(t.db);
    const game = await gameIn(30, organizer);
    await joinGame(t.db, player, game.id);
    await cancelGame(t.db, organizer, game.id);
    await sendGameReminders(t.db, { gameId: game.id, scheduledAt: game.scheduledAt });
    expect(await notificationsOf(t.db, player, "game_reminder")).toEqual([]);
  });

  it("follow a game whose time changed: the old job schedules one for the new time", async () => {
    const organizer = await insertPlayer(t.db);
    const game = await gameIn(30, organizer);
    const later = new Date(Date.now() + 50 * HOUR);
    await t.db.update(games).set({ scheduledAt: later }).where(eq(games.id, game.id));
    await sendGameReminders(t.db, { gameId: game.id, scheduledAt: game.scheduledAt });
    expect(await notificationsOf(t.db, organizer, "game_reminder")).toEqual([]);
    const jobs = await reminderJobsFor(game.id);
    expect(jobs.map((j) => j.data.scheduledAt)).toEqual([game.scheduledAt, later.toISOString()]);
  });
});

describe("weekly summaries", () => {
  // Monday 15 June 2026, 10:00 in Los Angeles (17:00 UTC).
  const mondayMorning = new Date("2026-06-15T17:00:00Z");

  async function playedThisWeek(options: { weeklyStats?: boolean; position?: [number, number] }) {
    const me = await insertPlayer(t.db);
    const rival = await insertPlayer(t.db);
    if (options.position) {
      await t.db
        .update(users)
        .set({ latitude: options.position[0], longitude: options.position[1] })
        .where(eq(users.id, me));
    }
    if (options.weeklyStats === false) {
      await t.db.insert(userSettings).values({ userId: me, weeklyStats: false });
    }
    const startsInHours = (mondayMorning.getTime() - Date.now()) / HOUR - 30;
    await insertDecidedGame(t.db, { courtId, winners: [me], losers: [rival], startsInHours });
    return me;
  }

  it("sum up the last 7 days on Monday morning, the player's time, once", async () => {
    const me = await playedThisWeek({});
    const off = await playedThisWeek({ weeklyStats: false });
    const tokyo = await playedThisWeek({ position: [35.68, 139.69] });

    await sendWeeklySummaries(t.db, mondayMorning);
    await sendWeeklySummaries(t.db, mondayMorning);

    const mine = await notificationsOf(t.db, me, "weekly_stats");
    expect(mine).toHaveLength(1);
    expect(mine[0]?.payload).toEqual({ gamesPlayed: 1, wins: 1, points: 10, badgesEarned: 0 });
    expect(await notificationsOf(t.db, off, "weekly_stats")).toEqual([]);
    // In Tokyo it is already 02:00 on Tuesday: their summary went out on their own Monday.
    expect(await notificationsOf(t.db, tokyo, "weekly_stats")).toEqual([]);
  });

  it("send nothing outside Monday mornings", async () => {
    const me = await playedThisWeek({});
    await sendWeeklySummaries(t.db, new Date("2026-06-17T17:00:00Z")); // a Wednesday
    await sendWeeklySummaries(t.db, new Date("2026-06-15T14:00:00Z")); // Monday 07:00 in LA
    expect(await notificationsOf(t.db, me, "weekly_stats")).toEqual([]);
  });
});
