import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.ts";
import { forecastFor } from "../../db/court-forecast.ts";
import { courtForecastAsks, courtForecasts, games } from "../../db/schema.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import {
  downForecastUrl,
  type FakeOpenMeteo,
  type OpenMeteoMode,
  startFakeOpenMeteo,
} from "../../test-support/open-meteo-server.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { getGame } from "../games/game-reads.ts";
import { refreshForecasts } from "./refresh-forecasts.ts";

let database: Database;
let db: Db;
let fake: FakeOpenMeteo;
let warnings: { fields: Record<string, unknown>; message: string }[];
const log = {
  warn: (fields: Record<string, unknown>, message: string) => {
    warnings.push({ fields, message });
  },
} as unknown as Parameters<typeof refreshForecasts>[1]["log"];

const HOUR = 3_600_000;
let outdoor: number;
let outdoorFar: number;
let indoor: number;
let soonGame: number;
let soonAt: Date;
let dayAfterAt: Date;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  fake = await startFakeOpenMeteo();
  const organizer = await insertPlayer(db);
  outdoor = await insertCourtRow(db, {
    name: "Venice Beach",
    latitude: 33.985,
    longitude: -118.473,
  });
  outdoorFar = await insertCourtRow(db, { name: "Far Out", latitude: 34.1, longitude: -118.3 });
  indoor = await insertCourtRow(db, { name: "Gym", isIndoor: true, courtType: "indoor" });
  const quiet = await insertCourtRow(db, { name: "Quiet", latitude: 34.2, longitude: -118.4 });
  soonGame = await insertGameWithPlayers(db, {
    courtId: outdoor,
    organizerId: organizer,
    startsInHours: 3.5,
  });
  await insertGameWithPlayers(db, { courtId: outdoor, organizerId: organizer, startsInHours: 48 });
  // Beyond Open-Meteo's 16 days, over, cancelled, indoor: none of these is asked about.
  await insertGameWithPlayers(db, {
    courtId: outdoorFar,
    organizerId: organizer,
    startsInHours: 17 * 24,
  });
  await insertGameWithPlayers(db, { courtId: quiet, organizerId: organizer, startsInHours: -5 });
  await insertGameWithPlayers(db, {
    courtId: quiet,
    organizerId: organizer,
    startsInHours: 5,
    status: "cancelled",
  });
  await insertGameWithPlayers(db, { courtId: indoor, organizerId: organizer, startsInHours: 3 });
  const [soon, dayAfter] = await db
    .select({ at: games.scheduledAt })
    .from(games)
    .where(eq(games.courtId, outdoor))
    .orderBy(games.scheduledAt);
  soonAt = soon?.at as Date;
  dayAfterAt = dayAfter?.at as Date;
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

beforeEach(async () => {
  warnings = [];
  fake.requests.length = 0;
  fake.mode = "forecast";
  await db.delete(courtForecasts);
  await db.delete(courtForecastAsks);
});

/** An hour later, as far as the job can tell. */
const anHourLater = () =>
  db.update(courtForecastAsks).set({ askedAt: sql`now() - interval '56 minutes'` });

const cached = () => db.select().from(courtForecasts).orderBy(courtForecasts.hour);
const floorHour = (date: Date) => new Date(Math.floor(date.getTime() / HOUR) * HOUR);

describe("the hourly forecast job", () => {
  it("asks Open-Meteo once per outdoor court with games in 16 days and keeps their start hours", async () => {
    const result = await refreshForecasts(db, { url: fake.url, log });
    expect(result).toEqual({ courts: 1, fetched: 1 });
    expect(fake.requests).toHaveLength(1);
    const [query] = fake.requests;
    expect(Object.fromEntries(query ?? [])).toEqual({
      latitude: "33.9850",
      longitude: "-118.4730",
      hourly: "precipitation_probability,temperature_2m,wind_speed_10m",
      temperature_unit: "celsius",
      wind_speed_unit: "kmh",
      timezone: "GMT",
      forecast_days: "16",
    });
    const rows = await cached();
    expect(rows.map((row) => [row.courtId, row.hour.toISOString()])).toEqual([
      [outdoor, floorHour(soonAt).toISOString()],
      [outdoor, floorHour(dayAfterAt).toISOString()],
    ]);
    expect(rows[0]).toMatchObject({ rainPercent: 60, temperatureC: 12.2, windKmh: 19.3 });
    expect(warnings).toEqual([]);

    expect(await forecastFor(db, outdoor, soonAt)).toMatchObject({
      hour: floorHour(soonAt).toISOString(),
      rainPercent: 60,
      temperatureC: 12.2,
      windKmh: 19.3,
    });
    expect(await forecastFor(db, outdoor, new Date(soonAt.getTime() + HOUR))).toBeNull();
    expect(await forecastFor(db, indoor, soonAt)).toBeNull();
  });

  it("replaces a court's forecast with the newer one", async () => {
    await refreshForecasts(db, { url: fake.url, log });
    await anHourLater();
    fake.figures = { rain: 10, temperature: -3.5, wind: 4 };
    try {
      await refreshForecasts(db, { url: fake.url, log });
    } finally {
      fake.figures = { rain: 60, temperature: 12.2, wind: 19.3 };
    }
    const rows = await cached();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ rainPercent: 10, temperatureC: -3.5, windKmh: 4 });
  });

  it("asks a court again an hour later, or at once for a game created there since", async () => {
    await refreshForecasts(db, { url: fake.url, log });
    expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 0, fetched: 0 });
    expect(fake.requests).toHaveLength(1);
    const organizer = await insertPlayer(db);
    const added = await insertGameWithPlayers(db, {
      courtId: outdoor,
      organizerId: organizer,
      startsInHours: 100,
    });
    try {
      expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 1, fetched: 1 });
      expect(await cached()).toHaveLength(3);
      await anHourLater();
      expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 1, fetched: 1 });
      expect(fake.requests).toHaveLength(3);
    } finally {
      await db.delete(games).where(eq(games.id, added));
    }
  });

  it("shows no forecast fetched more than 12 hours ago, and drops hours a day gone", async () => {
    await refreshForecasts(db, { url: fake.url, log });
    await db.update(courtForecasts).set({ fetchedAt: sql`now() - interval '13 hours'` });
    await anHourLater();
    expect(await forecastFor(db, outdoor, soonAt)).toBeNull();
    await db.insert(courtForecasts).values({
      courtId: outdoor,
      hour: new Date(Date.now() - 30 * HOUR),
      rainPercent: 5,
      temperatureC: 20,
      windKmh: 3,
    });
    fake.mode = "error";
    await refreshForecasts(db, { url: fake.url, log });
    expect((await cached()).map((row) => row.hour.getTime())).toEqual([
      floorHour(soonAt).getTime(),
      floorHour(dayAfterAt).getTime(),
    ]);
  });

  it.each([
    [
      "down",
      async () => ({ url: await downForecastUrl(), timeoutMs: 5_000, reason: /ECONNREFUSED/ }),
    ],
    [
      "slow",
      async () => ({ url: fake.url, timeoutMs: 200, mode: "slow" as const, reason: /timeout/i }),
    ],
    [
      "answering garbage",
      async () => ({ url: fake.url, timeoutMs: 5_000, mode: "garbage" as const, reason: /JSON/ }),
    ],
    [
      "answering JSON that is no forecast",
      async () => ({
        url: fake.url,
        timeoutMs: 5_000,
        mode: "nonsense" as const,
        reason: /not Open-Meteo's format/,
      }),
    ],
    [
      "answering an error",
      async () => ({ url: fake.url, timeoutMs: 5_000, mode: "error" as const, reason: /503/ }),
    ],
    [
      "answering without figures",
      async () => ({ url: fake.url, timeoutMs: 5_000, mode: "nulls" as const }),
    ],
  ])("with the forecast server %s: nothing cached, nothing else affected", async (_, setUp) => {
    const {
      url,
      timeoutMs,
      mode,
      reason = /./,
    }: { url: string; timeoutMs: number; mode?: OpenMeteoMode; reason?: RegExp } = await setUp();
    if (mode) fake.mode = mode;
    const started = Date.now();
    const result = await refreshForecasts(db, { url, log, timeoutMs });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await cached()).toEqual([]);
    expect(await forecastFor(db, outdoor, soonAt)).toBeNull();
    if (mode === "nulls") {
      // A well-formed answer without figures is no failure: there is simply nothing to keep.
      expect(result).toEqual({ courts: 1, fetched: 1 });
    } else {
      expect(result).toEqual({ courts: 1, fetched: 0 });
      expect(warnings).toEqual([
        {
          fields: { courtId: outdoor, reason: expect.stringMatching(reason) },
          message: "weather forecast not fetched",
        },
      ]);
    }
    // The game reads as before.
    expect((await getGame(db, soonGame)).id).toBe(soonGame);
  });

  it("keeps the last forecast when a later fetch fails", async () => {
    await refreshForecasts(db, { url: fake.url, log });
    await anHourLater();
    fake.mode = "garbage";
    await refreshForecasts(db, { url: fake.url, log });
    expect(await forecastFor(db, outdoor, soonAt)).toMatchObject({ rainPercent: 60 });
    expect(warnings).toHaveLength(1);
  });

  it("asks a failing server again only an hour later, not at every tick", async () => {
    fake.mode = "error";
    expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 1, fetched: 0 });
    expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 0, fetched: 0 });
    expect(fake.requests).toHaveLength(1);
    fake.mode = "forecast";
    await anHourLater();
    expect(await refreshForecasts(db, { url: fake.url, log })).toEqual({ courts: 1, fetched: 1 });
    expect(await cached()).toHaveLength(2);
  });

  it("fetches nothing with WEATHER_URL=off", async () => {
    expect(await refreshForecasts(db, { url: null, log })).toEqual({ courts: 0, fetched: 0 });
    expect(fake.requests).toEqual([]);
    expect(await cached()).toEqual([]);
  });
});
