import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { courtForecasts, games } from "../db/schema.ts";

/**
 * Caches a forecast for a game's start hour at its court, as the weather job would: rain 60%,
 * 12.2 °C (54 °F), wind 19.3 km/h (12 mph) unless given.
 */
export async function cacheForecastAtStart(
  db: Queryable,
  gameId: number,
  values: { rainPercent?: number; temperatureC?: number; windKmh?: number } = {},
): Promise<void> {
  const [game] = await db
    .select({ courtId: games.courtId, scheduledAt: games.scheduledAt })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw new Error(`no game ${gameId}`);
  await db.insert(courtForecasts).values({
    courtId: game.courtId,
    hour: sql`date_trunc('hour', ${game.scheduledAt.toISOString()}::timestamptz)`,
    rainPercent: 60,
    temperatureC: 12.2,
    windKmh: 19.3,
    ...values,
  });
}
