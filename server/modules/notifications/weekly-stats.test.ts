import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSettings, users } from "../../db/schema.ts";
import { insertCourtRow, insertDecidedGame, insertPlayer } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { sendWeeklySummaries } from "./weekly-stats.ts";

const HOUR = 3_600_000;

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
