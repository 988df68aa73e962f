import { z } from "zod";

/** The forecast at a game's start hour, in the units Open-Meteo gives (metric). */
export const forecastSchema = z.object({
  /** The UTC hour the figures are for. */
  hour: z.iso.datetime({ offset: true }),
  rainPercent: z.number().int().min(0).max(100),
  temperatureC: z.number(),
  windKmh: z.number().min(0),
  fetchedAt: z.iso.datetime({ offset: true }),
});
export type Forecast = z.infer<typeof forecastSchema>;

/** GET /api/games/{id}/weather. */
export const gameWeatherSchema = z.object({
  gameId: z.number().int(),
  /** Null: an indoor court, a game not upcoming or too far ahead, or no fresh forecast. */
  forecast: forecastSchema.nullable(),
  /** Null unless the court is outdoor and unlit and the game upcoming. */
  daylight: z
    .object({
      /** Null where the sun does not set that day (polar summer or winter). */
      sunset: z.iso.datetime({ offset: true }).nullable(),
      /** The game ends after sunset (or the sun never rises that day). */
      endsAfterDark: z.boolean(),
    })
    .nullable(),
  units: z.enum(["imperial", "metric"]),
  /** The game was called off for the weather. */
  calledOff: z.boolean(),
});
export type GameWeather = z.infer<typeof gameWeatherSchema>;
