import { z } from "zod";
import { FORECAST_DAYS } from "../../../common/weather-text.ts";

/** One hour of a court's forecast, in Open-Meteo's metric units. */
export interface HourForecast {
  hour: Date;
  rainPercent: number;
  temperatureC: number;
  windKmh: number;
}

const HOURLY = ["precipitation_probability", "temperature_2m", "wind_speed_10m"] as const;

// Anything outside what the earth's weather can be is garbage, not a forecast.
const answerSchema = z
  .object({
    hourly: z.object({
      time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/)),
      precipitation_probability: z.array(z.number().min(0).max(100).nullable()),
      temperature_2m: z.array(z.number().min(-95).max(65).nullable()),
      wind_speed_10m: z.array(z.number().min(0).max(500).nullable()),
    }),
  })
  .refine(
    ({ hourly }) => HOURLY.every((name) => hourly[name].length === hourly.time.length),
    "hourly series of different lengths",
  );

/**
 * The hourly forecast at a place for the next 16 days, asked of Open-Meteo's forecast API
 * (https://open-meteo.com/en/docs) at `baseUrl`: rain chance, temperature at 2 m and wind at
 * 10 m, in °C and km/h, with hours in GMT. Throws when the server is down, slower than
 * `timeoutMs` (the whole answer, body included), answers an error, or answers anything but
 * that JSON; hours with a missing figure are left out.
 */
export async function fetchHourlyForecast(
  baseUrl: string,
  place: { latitude: number; longitude: number },
  timeoutMs: number,
): Promise<HourForecast[]> {
  const url = new URL(baseUrl);
  url.searchParams.set("latitude", place.latitude.toFixed(4));
  url.searchParams.set("longitude", place.longitude.toFixed(4));
  url.searchParams.set("hourly", HOURLY.join(","));
  url.searchParams.set("temperature_unit", "celsius");
  url.searchParams.set("wind_speed_unit", "kmh");
  url.searchParams.set("timezone", "GMT");
  url.searchParams.set("forecast_days", String(FORECAST_DAYS));
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`the forecast server answered ${response.status}`);
  const parsed = answerSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error("the forecast server's answer is not Open-Meteo's format");
  const { hourly } = parsed.data;
  return hourly.time.flatMap((time, i) => {
    const rain = hourly.precipitation_probability[i];
    const temperature = hourly.temperature_2m[i];
    const wind = hourly.wind_speed_10m[i];
    if (rain == null || temperature == null || wind == null) return [];
    return [
      {
        hour: new Date(`${time}:00Z`),
        rainPercent: Math.round(rain),
        temperatureC: temperature,
        windKmh: wind,
      },
    ];
  });
}
