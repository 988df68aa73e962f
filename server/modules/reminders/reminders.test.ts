import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGameTime } from "../../../common/game-time.ts";
import { games } from "../../db/schema.ts";
import { cacheForecastAtStart } from "../../test-support/forecast-rows.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { jobsOf, notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { cancelGame, createGame, joinGame, leaveGame } from "../games/service.ts";
import { toNotification } from "../notifications/inbox.ts";
import { readCantMakeItToken } from "./cant-make-it-token.ts";
import { reminderMoment } from "./moments.ts";
import { sendGameReminders } from "./reminders.ts";

const HOUR = 3_600_000;
const LA = "America/Los_Angeles";
const SECRET = "a test secret of at least thirty-two characters";
const options = { secret: SECRET };

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

async function startOf(gameId: number): Promise<string> {
  const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
  return game?.scheduledAt.toISOString() ?? "";
}

describe("scheduling", () => {
  it("a game two days away gets two reminders, a day and two hours before, out of the night", async () => {
    const organizer = await insertPlayer(t.db);
    const game = await gameIn(50, organizer);
    const start = new Date(game.scheduledAt);
    const jobs = await reminderJobsFor(game.id);
    expect(
      jobs
        .map((j) => ({ data: j.data, at: j.startAfter.toISOString() }))
        .sort((a, b) => a.at.localeCompare(b.at)),
    ).toEqual([
      {
        data: { gameId: game.id, scheduledAt: game.scheduledAt, lead: 24 },
        at: reminderMoment(start, LA, 24).toISOString(),
      },
      {
        data: { gameId: game.id, scheduledAt: game.scheduledAt, lead: 2 },
        at: reminderMoment(start, LA, 2).toISOString(),
      },
    ]);
  });

  it("a game within a day gets only the two-hours one; within two hours, none", async () => {
    const organizer = await insertPlayer(t.db);
    const soon = await gameIn(20, organizer);
    expect((await reminderJobsFor(soon.id)).map((j) => j.data.lead)).toEqual([2]);
    const sooner = await gameIn(1.5, organizer);
    expect(await reminderJobsFor(sooner.id)).toEqual([]);
  });
});

describe("sending", () => {
  it("reminds whoever holds a seat, once per reminder; each player but the organizer can drop in one tap", async () => {
    const organizer = await insertPlayer(t.db);
    const [stays, leaves] = [await insertPlayer(t.db), await insertPlayer(t.db)];
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer,
      players: [stays, leaves],
      startsInHours: 24,
      title: "Sunset Run",
    });
    await leaveGame(t.db, leaves, gameId);
    const scheduledAt = await startOf(gameId);
    for (const lead of [24, 2, 24, 2] as const) {
      await sendGameReminders(t.db, { gameId, scheduledAt, lead }, options);
    }

    const mine = await notificationsOf(t.db, stays, "game_reminder");
    expect(mine.map((n) => toNotification(n).title).sort()).toEqual([
      "Coming up: Sunset Run",
      "Starting soon: Sunset Run",
    ]);
    for (const notice of mine) {
      const token = (notice.payload as { dropToken: string }).dropToken;
      expect(readCantMakeItToken(SECRET, token)).toEqual({
        gameId,
        lead: (notice.payload as { lead: number }).lead,
        startMs: new Date(scheduledAt).getTime(),
        userId: stays,
      });
      expect(toNotification(notice).action).toEqual({
        label: "Can't make it",
        path: `/cant-make-it/${token}`,
        post: `/api/reminders/cant-make-it/${token}`,
      });
      expect(toNotification(notice).body).toContain("Can't make it? Free your seat");
    }
    const organizers = await notificationsOf(t.db, organizer, "game_reminder");
    expect(organizers).toHaveLength(2);
    for (const notice of organizers) {
      expect(toNotification(notice).action).toBeNull();
      expect(toNotification(notice).body).not.toContain("Can't make it");
    }
    expect(await notificationsOf(t.db, leaves, "game_reminder")).toEqual([]);
  });

  it("the day-before reminder carries the cached forecast of the start hour in each player's units", async () => {
    const rainyCourt = await insertCourtRow(t.db, {
      name: "Cheviot Hills",
      latitude: 34.03,
      longitude: -118.41,
    });
    const organizer = await insertPlayer(t.db);
    const visitor = await insertPlayer(t.db, { country: "DE" });
    const gameId = await insertGameWithPlayers(t.db, {
      courtId: rainyCourt,
      organizerId: organizer,
      players: [visitor],
      startsInHours: 24,
    });
    await cacheForecastAtStart(t.db, gameId);
    const scheduledAt = await startOf(gameId);
    for (const lead of [24, 2] as const) {
      await sendGameReminders(t.db, { gameId, scheduledAt, lead }, options);
    }
    const start = formatGameTime(scheduledAt, LA);
    const bodies = async (userId: string) =>
      (await notificationsOf(t.db, userId, "game_reminder"))
        .map((n) => toNotification(n))
        .map((n) => `${n.title}: ${n.body}`)
        .sort();
    expect(await bodies(visitor)).toEqual([
      `Coming up: Pickup game: ${start} at Cheviot Hills. Forecast at tip-off: Rain 60% · 12°C · wind 19 km/h (Open-Meteo.com). Can't make it? Free your seat for the next player in line.`,
      // The two-hours reminder is about the seat: no forecast.
      `Starting soon: Pickup game: ${start} at Cheviot Hills. Can't make it? Free your seat for the next player in line.`,
    ]);
    expect(await bodies(organizer)).toEqual([
      `Coming up: Pickup game: ${start} at Cheviot Hills. Forecast at tip-off: Rain 60% · 54°F · wind 12 mph (Open-Meteo.com).`,
      `Starting soon: Pickup game: ${start} at Cheviot Hills.`,
    ]);
  });

  it("without a cached forecast the day-before reminder reads as before", async () => {
    const organizer = await insertPlayer(t.db);
    const player = await insertPlayer(t.db);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer,
      players: [player],
      startsInHours: 24,
      title: "Dry Run",
    });
    const scheduledAt = await startOf(gameId);
    await sendGameReminders(t.db, { gameId, scheduledAt, lead: 24 }, options);
    const [told] = await notificationsOf(t.db, player, "game_reminder");
    expect(toNotification(told as NonNullable<typeof told>).body).toBe(
      `${formatGameTime(scheduledAt, LA)} at Rancho Park. Can't make it? Free your seat for the next player in line.`,
    );
  });

  it("two sweeps of the same reminders at once still remind each player once per reminder", async () => {
    const [organizer, ...seated] = [
      await insertPlayer(t.db),
      await insertPlayer(t.db),
      await insertPlayer(t.db),
      await insertPlayer(t.db),
    ];
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer as string,
      players: seated,
      startsInHours: 24,
    });
    const scheduledAt = await startOf(gameId);
    const sweep = () =>
      Promise.all([
        sendGameReminders(t.db, { gameId, scheduledAt, lead: 24 }, options),
        sendGameReminders(t.db, { gameId, scheduledAt, lead: 2 }, options),
      ]);
    await Promise.all([sweep(), sweep(), sweep()]);
    for (const id of [organizer as string, ...seated]) {
      const told = await notificationsOf(t.db, id, "game_reminder");
      expect(told.map((n) => (n.payload as { lead: number }).lead).sort()).toEqual([2, 24]);
    }
  });

  it("a job queued before there were two reminders is the two-hours one, with the same key", async () => {
    const organizer = await insertPlayer(t.db);
    const player = await insertPlayer(t.db);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer,
      players: [player],
      startsInHours: 2,
    });
    const scheduledAt = await startOf(gameId);
    await sendGameReminders(t.db, { gameId, scheduledAt }, options);
    await sendGameReminders(t.db, { gameId, scheduledAt, lead: 2 }, options);
    const told = await notificationsOf(t.db, player, "game_reminder");
    expect(told).toHaveLength(1);
    expect(told[0]?.dedupeKey).toBe(`game:${gameId}:reminder:${new Date(scheduledAt).getTime()}`);
  });

  it("tell no one about a cancelled game", async () => {
    const organizer = await insertPlayer(t.db);
    const player = await insertPlayer(t.db);
    const game = await gameIn(30, organizer);
    await joinGame(t.db, player, game.id);
    await cancelGame(t.db, organizer, game.id);
    for (const lead of [24, 2] as const) {
      await sendGameReminders(
        t.db,
        { gameId: game.id, scheduledAt: game.scheduledAt, lead },
        options,
      );
    }
    expect(await notificationsOf(t.db, player, "game_reminder")).toEqual([]);
  });

  it("follow a game whose time changed: the old job schedules its own reminder for the new time", async () => {
    const organizer = await insertPlayer(t.db);
    const game = await gameIn(30, organizer);
    const later = new Date(Date.now() + 50 * HOUR);
    await t.db.update(games).set({ scheduledAt: later }).where(eq(games.id, game.id));
    await sendGameReminders(
      t.db,
      { gameId: game.id, scheduledAt: game.scheduledAt, lead: 24 },
      options,
    );
    expect(await notificationsOf(t.db, organizer, "game_reminder")).toEqual([]);
    const jobs = await reminderJobsFor(game.id);
    expect(jobs.filter((j) => j.data.scheduledAt === game.scheduledAt)).toHaveLength(2);
    expect(jobs.filter((j) => j.data.scheduledAt !== game.scheduledAt).map((j) => j.data)).toEqual([
      { gameId: game.id, scheduledAt: later.toISOString(), lead: 24 },
    ]);
  });
});
