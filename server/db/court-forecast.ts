import { and, eq, sql } from "drizzle-orm";
import type { Forecast } from "../../common/weather.ts";
import { formatForecast, unitsForCountry } from "../../common/weather-text.ts";
import type { Queryable } from "./client.ts";
import { courtForecasts } from "./schema.ts";

/**
 * A forecast fetched longer ago than this is not shown: the job refreshes every hour, so an
 * older one means the forecast server has been failing, and a days-old forecast misleads.
 */
export const FORECAST_FRESH_HOURS = 12;

/** A forecast row fetched recently enough to show (SQL). */
export const freshForecastSql = sql`${courtForecasts.fetchedAt} > now() - ${`${FORECAST_FRESH_HOURS} hours`}::interval`;

export function toForecast(row: typeof courtForecasts.$inferSelect): Forecast {
  return {
    hour: row.hour.toISOString(),
    rainPercent: row.rainPercent,
    temperatureC: row.temperatureC,
    windKmh: row.windKmh,
    fetchedAt: row.fetchedAt.toISOString(),
  };
}

/**
 * The cached forecast at a court for the hour of `at` (a game's start), or null when there is
 * none fresh. For the notices of other modules (the go/no-go, the 24-hour reminder): a read of
 * one row by its key, never a request to the forecast server.
 */
export async function forecastFor(
  db: Queryable,
  courtId: number,
  at: Date,
): Promise<Forecast | null> {
  const [row] = await db
    .select()
    .from(courtForecasts)
    .where(
      and(
        eq(courtForecasts.courtId, courtId),
        eq(courtForecasts.hour, sql`date_trunc('hour', ${at.toISOString()}::timestamptz)`),
        freshForecastSql,
      ),
    );
  return row ? toForecast(row) : null;
}

/**
 * The `forecast` of a notice's payload for one recipient, in the units of their country; none
 * when no forecast is cached. The forecast is read once per game (forecastFor), this per player.
 */
export const forecastPayload = (
  forecast: Forecast | null,
  country: string,
): { forecast?: string } =>
  forecast ? { forecast: formatForecast(forecast, unitsForCountry(country)) } : {};
