import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_DURATION_MINUTES } from "../../../common/game-limits.ts";
import { courtForecasts, games, users, weatherCallOffs } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { daylightAt } from "./daylight.ts";

let t: TestApp;
let organizer: { id: string; cookie: string };
let player: { id: string; cookie: string };
let outdoorUnlit: number;
let outdoorLit: number;
let indoor: number;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await playerWithSession(t.app, t.db, { nickname: "Coach" });
  player = await playerWithSession(t.app, t.db, { nickname: "Wing" });
  // Los Angeles courts: their zone reads PT, and their visitors read °F and mph.
  outdoorUnlit = await insertCourtRow(t.db, {
    name: "Venice",
    latitude: 33.985,
    longitude: -118.473,
  });
  outdoorLit = await insertCourtRow(t.db, { name: "Lit", lighting: true });
  indoor = await insertCourtRow(t.db, { name: "Gym", isIndoor: true, courtType: "indoor" });
});
afterAll(async () => t?.close());

/** A game at the court starting `hours` from now, with a cached forecast for its start hour. */
async function gameWithForecast(courtId: number, hours: number, players: string[] = []) {
  const gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: organizer.id,
    players,
    startsInHours: hours,
  });
  await t.db
    .insert(courtForecasts)
    .values({
      courtId,
      hour: sql`date_trunc('hour', (select ${games.scheduledAt} from ${games} where ${games.id} = ${gameId}))`,
      rainPercent: 60,
      temperatureC: 12.2,
      windKmh: 19.3,
    })
    .onConflictDoNothing();
  return gameId;
}

const weatherOf = (gameId: number, cookie?: string) =>
  callApi(t.app, "GET", `/api/games/${gameId}/weather`, cookie);

describe("GET /api/games/:id/weather", () => {
  it("gives the cached forecast of the start hour and the sunset at an unlit outdoor court", async () => {
    const gameId = await gameWithForecast(outdoorUnlit, 26);
    const response = await weatherOf(gameId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      gameId,
      forecast: { rainPercent: 60, temperatureC: 12.2, windKmh: 19.3 },
      units: "imperial",
      calledOff: false,
    });
    // The sunset of the game's day at the court, as daylight.test.ts checks it against NOAA's.
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    const start = game?.scheduledAt as Date;
    const expected = daylightAt(
      { latitude: 33.985, longitude: -118.473, timeZone: "America/Los_Angeles" },
      start,
      new Date(start.getTime() + GAME_DURATION_MINUTES * 60_000),
    );
    expect(body.daylight).toEqual({
      sunset: expected.sunset?.toISOString(),
      endsAfterDark: expected.endsAfterDark,
    });
    expect(body.forecast.hour).toBe(
      new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000).toISOString(),
    );
  });

  it("has no sunset at a lit court and no weather at all indoors", async () => {
    const lit = (await weatherOf(await gameWithForecast(outdoorLit, 27))).json();
    expect(lit.forecast).toMatchObject({ rainPercent: 60 });
    expect(lit.daylight).toBeNull();
    const gym = (await weatherOf(await gameWithForecast(indoor, 27))).json();
    expect(gym).toMatchObject({ forecast: null, daylight: null });
  });

  it("shows no forecast for a game under way, over, or cancelled", async () => {
    for (const status of ["open", "cancelled"] as const) {
      const gameId = await insertGameWithPlayers(t.db, {
        courtId: outdoorUnlit,
        organizerId: organizer.id,
        startsInHours: status === "open" ? -0.5 : 30,
        status,
      });
      const body = (await weatherOf(gameId)).json();
      expect(body).toMatchObject({ forecast: null, daylight: null });
    }
  });

  it("reads the units of a signed-in player's country, and the court's for a visitor", async () => {
    const gameId = await gameWithForecast(outdoorUnlit, 28);
    await t.db.update(users).set({ country: "Canada" }).where(eq(users.id, player.id));
    expect((await weatherOf(gameId, player.cookie)).json().units).toBe("metric");
    await t.db.update(users).set({ country: "US" }).where(eq(users.id, player.id));
    expect((await weatherOf(gameId, player.cookie)).json().units).toBe("imperial");
    expect((await weatherOf(gameId)).json().units).toBe("imperial");
    const paris = await insertCourtRow(t.db, { name: "Paris", latitude: 48.85, longitude: 2.35 });
    expect((await weatherOf(await gameWithForecast(paris, 28))).json().units).toBe("metric");
  });

  it("answers 404 for no such game and 400 for a bad id", async () => {
    expect((await weatherOf(999_999)).statusCode).toBe(404);
    const bad = await callApi(t.app, "GET", "/api/games/abc/weather");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});

describe("POST /api/games/:id/weather-call-off", () => {
  it("cancels the game for the weather in one call: players told, the reason kept", async () => {
    const gameId = await gameWithForecast(outdoorUnlit, 30, [player.id]);
    const response = await callApi(
      t.app,
      "POST",
      `/api/games/${gameId}/weather-call-off`,
      organizer.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: gameId, status: "cancelled" });
    const calls = await t.db
      .select()
      .from(weatherCallOffs)
      .where(eq(weatherCallOffs.gameId, gameId));
    expect(calls).toHaveLength(1);
    const told = await notificationsOf(t.db, player.id, "game_cancelled");
    expect(told.map((n) => n.gameId)).toContain(gameId);
    // The notice says why.
    const inbox = await callApi(t.app, "GET", "/api/notifications", player.cookie);
    const notice = (inbox.json().items as { kind: string; body: string; link: string }[]).find(
      (n) => n.kind === "game_cancelled" && n.link === `/game/${gameId}`,
    );
    expect(notice?.body).toMatch(
      /^The organizer called off the game of .+ because of the weather\.$/,
    );
    expect((await weatherOf(gameId)).json()).toMatchObject({ calledOff: true, forecast: null });
    // Again: nothing changes, still one call-off.
    const again = await callApi(
      t.app,
      "POST",
      `/api/games/${gameId}/weather-call-off`,
      organizer.cookie,
    );
    expect(again.statusCode).toBe(200);
    expect(
      await t.db.select().from(weatherCallOffs).where(eq(weatherCallOffs.gameId, gameId)),
    ).toHaveLength(1);
  });

  it("is the organizer's alone, before the start, and for signed-in players", async () => {
    const gameId = await gameWithForecast(outdoorUnlit, 31, [player.id]);
    const byPlayer = await callApi(
      t.app,
      "POST",
      `/api/games/${gameId}/weather-call-off`,
      player.cookie,
    );
    expect(byPlayer.statusCode).toBe(403);
    const anonymous = await callApi(t.app, "POST", `/api/games/${gameId}/weather-call-off`);
    expect(anonymous.statusCode).toBe(401);
    const started = await insertGameWithPlayers(t.db, {
      courtId: outdoorUnlit,
      organizerId: organizer.id,
      startsInHours: -0.5,
    });
    const late = await callApi(
      t.app,
      "POST",
      `/api/games/${started}/weather-call-off`,
      organizer.cookie,
    );
    expect(late.statusCode).toBe(409);
    expect(
      await t.db.select().from(weatherCallOffs).where(eq(weatherCallOffs.gameId, gameId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(weatherCallOffs).where(eq(weatherCallOffs.gameId, started)),
    ).toEqual([]);
    const [game] = await t.db
      .select({ status: games.status })
      .from(games)
      .where(eq(games.id, gameId));
    expect(game?.status).toBe("open");
  });

  it("answers 404 for no such game", async () => {
    const response = await callApi(
      t.app,
      "POST",
      "/api/games/999999/weather-call-off",
      organizer.cookie,
    );
    expect(response.statusCode).toBe(404);
  });
});
