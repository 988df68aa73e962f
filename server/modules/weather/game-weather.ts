import { and, eq, sql } from "drizzle-orm";
import { GAME_NOT_FOUND, type Game } from "../../../common/games.ts";
import type { GameWeather } from "../../../common/weather.ts";
import { unitsForCountry, unitsForCourtZone } from "../../../common/weather-text.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { freshForecastSql, toForecast } from "../../db/court-forecast.ts";
import { gameEndsAtSql, gameStatusSql } from "../../db/game-lifecycle.ts";
import { courtForecasts, courts, games, users, weatherCallOffs } from "../../db/schema.ts";
import { notFound } from "../../lib/http-error.ts";
import { cancelGame } from "../games/service.ts";
import { daylightAt } from "./daylight.ts";

const asDate = (value: string | Date) => new Date(value);

/**
 * The weather at a game's start, for its page: one query (the game, its court, the cached
 * forecast of its start hour, the call-off and the viewer's country), then the sunset worked
 * out here. Only games still to be played at outdoor courts have weather; only unlit ones
 * have a sunset to mind. The forecast server is never asked from here.
 */
export async function gameWeather(
  db: Queryable,
  gameId: number,
  viewerId: string | null,
): Promise<GameWeather> {
  const [row] = await db
    .select({
      status: gameStatusSql,
      scheduledAt: games.scheduledAt,
      endsAt: gameEndsAtSql.mapWith(asDate),
      latitude: courts.latitude,
      longitude: courts.longitude,
      isIndoor: courts.isIndoor,
      lighting: courts.lighting,
      timeZone: sql<string>`coalesce(${courts.timeZone}, 'UTC')`,
      forecast: courtForecasts,
      calledOff: sql<boolean>`${weatherCallOffs.gameId} is not null`,
      viewerCountry: sql<
        string | null
      >`(select ${users.country} from ${users} where ${users.id} = ${viewerId})`,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .leftJoin(
      courtForecasts,
      and(
        eq(courtForecasts.courtId, games.courtId),
        eq(courtForecasts.hour, sql`date_trunc('hour', ${games.scheduledAt})`),
        freshForecastSql,
      ),
    )
    .leftJoin(weatherCallOffs, eq(weatherCallOffs.gameId, games.id))
    .where(eq(games.id, gameId));
  if (!row) throw notFound(GAME_NOT_FOUND);
  const ahead = row.status === "open" && !row.isIndoor;
  const daylight = ahead && !row.lighting ? daylightAt(row, row.scheduledAt, row.endsAt) : null;
  return {
    gameId,
    forecast: ahead && row.forecast ? toForecast(row.forecast) : null,
    daylight: daylight && {
      sunset: daylight.sunset?.toISOString() ?? null,
      endsAfterDark: daylight.endsAfterDark,
    },
    units:
      row.viewerCountry !== null
        ? unitsForCountry(row.viewerCountry)
        : unitsForCourtZone(row.timeZone),
    calledOff: row.calledOff,
  };
}

/**
 * The organizer calls the game off for the weather: the games' own cancel (organizer only,
 * before the start, players told, line cleared), with the reason kept beside it in the same
 * transaction, so reliability figures can leave the game out.
 */
export function callOffForWeather(db: Db, userId: string, gameId: number): Promise<Game> {
  return cancelGame(db, userId, gameId, {
    also: (tx) => tx.insert(weatherCallOffs).values({ gameId }).onConflictDoNothing(),
    why: { forWeather: true },
  });
}
