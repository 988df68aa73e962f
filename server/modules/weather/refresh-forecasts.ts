import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { FORECAST_DAYS } from "../../../common/weather-text.ts";
import type { Db } from "../../db/client.ts";
import { gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { courtForecastAsks, courtForecasts, courts, games } from "../../db/schema.ts";
import { fetchHourlyForecast } from "./open-meteo.ts";

type Log = Pick<FastifyBaseLogger, "warn">;

export interface RefreshOptions {
  /** Open-Meteo's forecast endpoint; null (WEATHER_URL=off): nothing is fetched. */
  url: string | null;
  log: Log;
  /** How long one court's answer may take. */
  timeoutMs?: number;
}

/** A court is asked again this long after it was last asked (Open-Meteo updates hourly). */
const REASK_MINUTES = 55;

/** Courts asked at once: a few, so a slow answer does not hold up the rest. */
const PARALLEL = 4;

/** Why a fetch failed, in one line: fetch hides the network's reason (ECONNREFUSED) in `cause`. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message}: ${cause.code ?? cause.message}` : error.message;
}

const hourOf = sql<Date>`date_trunc('hour', ${games.scheduledAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

/**
 * The weather job (server/jobs/runner.ts, every five minutes): for each outdoor court with an
 * upcoming game in the next 16 days, the forecast at the start hours of its games is fetched
 * from Open-Meteo and kept (one row per court and hour, replaced by each fetch) — once an hour
 * per court, answered or not, sooner when a game was created there since; hours a day gone are
 * dropped. A
 * court whose answer does not come, comes late or is not a forecast keeps what it had, with a
 * warning logged; the other courts go on. Visitors' requests only ever read the rows.
 */
export async function refreshForecasts(
  db: Db,
  { url, log, timeoutMs = 5_000 }: RefreshOptions,
): Promise<{ courts: number; fetched: number }> {
  await db.delete(courtForecasts).where(lt(courtForecasts.hour, sql`now() - interval '1 day'`));
  if (url === null) return { courts: 0, fetched: 0 };
  const rows = await db
    .selectDistinct({
      courtId: courts.id,
      latitude: courts.latitude,
      longitude: courts.longitude,
      hour: hourOf,
      due: sql<boolean>`(${courtForecastAsks.askedAt} is null or ${courtForecastAsks.askedAt} < now() - ${`${REASK_MINUTES} minutes`}::interval or ${games.createdAt} > ${courtForecastAsks.askedAt})`,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .leftJoin(courtForecastAsks, eq(courtForecastAsks.courtId, games.courtId))
    .where(
      and(
        gameUpcomingSql,
        sql`${games.scheduledAt} < now() + ${`${FORECAST_DAYS} days`}::interval`,
        eq(courts.isIndoor, false),
      ),
    )
    .orderBy(asc(courts.id), asc(hourOf));
  const byCourt = new Map<number, typeof rows>();
  for (const row of rows) byCourt.set(row.courtId, [...(byCourt.get(row.courtId) ?? []), row]);
  // A court is asked again an hour later, or at once for a game created since it was asked.
  const due = [...byCourt.values()].filter((hours) => hours.some((row) => row.due));
  const queue = [...due];
  let fetched = 0;
  const worker = async () => {
    for (let hours = queue.shift(); hours; hours = queue.shift()) {
      const [court] = hours;
      if (!court) continue;
      try {
        // Before asking: a game created while the answer comes is asked about next time.
        await db
          .insert(courtForecastAsks)
          .values({ courtId: court.courtId, askedAt: sql`now()` })
          .onConflictDoUpdate({ target: courtForecastAsks.courtId, set: { askedAt: sql`now()` } });
        const forecast = await fetchHourlyForecast(url, court, timeoutMs);
        const wanted = new Set(hours.map((row) => row.hour.getTime()));
        const kept = forecast.filter((hour) => wanted.has(hour.hour.getTime()));
        if (kept.length > 0) {
          await db
            .insert(courtForecasts)
            .values(kept.map((hour) => ({ courtId: court.courtId, ...hour })))
            .onConflictDoUpdate({
              target: [courtForecasts.courtId, courtForecasts.hour],
              set: {
                rainPercent: sql`excluded.rain_percent`,
                temperatureC: sql`excluded.temperature_c`,
                windKmh: sql`excluded.wind_kmh`,
                fetchedAt: sql`now()`,
              },
            });
        }
        fetched += 1;
      } catch (error) {
        log.warn(
          {
            courtId: court.courtId,
            reason: reasonOf(error),
          },
          "weather forecast not fetched",
        );
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { courts: due.length, fetched };
}
