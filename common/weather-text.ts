// What the weather reads as, with no zod: the game page's first screen imports it (the
// bundle budget keeps zod off it), as do the notices.
import { formatGameTime } from "./game-time.ts";

/** Open-Meteo's terms ask every screen showing its data to say where it came from. */
export const WEATHER_CREDIT = "Weather data by Open-Meteo.com";
export const WEATHER_CREDIT_URL = "https://open-meteo.com/";

/** Open-Meteo forecasts 16 days ahead: games further out have none yet. */
export const FORECAST_DAYS = 16;

/** °F and mph, or °C and km/h. */
export type Units = "imperial" | "metric";

/** The figures a forecast shows (the API's forecastSchema, common/weather.ts). */
export type ForecastFigures = { rainPercent: number; temperatureC: number; windKmh: number };

/** The countries that still read °F and mph, as players type or pick them. */
const IMPERIAL_COUNTRIES = new Set([
  "US",
  "USA",
  "UNITED STATES",
  "LR",
  "LIBERIA",
  "MM",
  "MYANMAR",
]);

/** The units of a player from their country (users.country; 'US' unless they chose another). */
export function unitsForCountry(country: string): Units {
  return IMPERIAL_COUNTRIES.has(country.trim().toUpperCase()) ? "imperial" : "metric";
}

// The IANA zones of the United States: a visitor (no country known) reads the units of the
// country the court is in, and a court's zone is what we know of its country.
const US_ZONE =
  /^(America\/(New_York|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Juneau|Sitka|Yakutat|Nome|Metlakatla|Adak|Boise|Detroit|Menominee|Indiana\/\w+|Kentucky\/\w+|North_Dakota\/\w+)|Pacific\/Honolulu)$/;

/** The units a visitor reads at a court: those of the court's country, told by its zone. */
export function unitsForCourtZone(timeZone: string | null): Units {
  return timeZone !== null && US_ZONE.test(timeZone) ? "imperial" : "metric";
}

/** 'Rain 60% · 54°F · wind 12 mph' (or '12°C · wind 19 km/h'), rounded to whole numbers. */
export function formatForecast(forecast: ForecastFigures, units: Units): string {
  const imperial = units === "imperial";
  const temperature = imperial
    ? `${Math.round((forecast.temperatureC * 9) / 5 + 32)}°F`
    : `${Math.round(forecast.temperatureC)}°C`;
  const wind = imperial
    ? `${Math.round(forecast.windKmh / 1.609344)} mph`
    : `${Math.round(forecast.windKmh)} km/h`;
  // A negative zero reads as "-0°C" otherwise.
  return `Rain ${forecast.rainPercent}% · ${temperature.replace(/^-0°/, "0°")} · wind ${wind}`;
}

/**
 * A time of day on the court's clock with its zone, '4:52 PM PT': the time part of
 * formatGameTime, so it reads as every other game time does.
 */
export function formatClockTime(at: Date | string, timeZone: string): string {
  return formatGameTime(at, timeZone, "clock");
}
