import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { courts, gameParticipants, games } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";

type Position = { latitude: number | null; longitude: number | null };

/**
 * A player's own time zone for quiet hours: from their saved position, else from the court of
 * the notification (or of their latest game), else UTC.
 */
export async function playerZone(
  db: Queryable,
  player: Position & { userId: string },
  court: Position | null,
): Promise<string> {
  if (player.latitude !== null && player.longitude !== null) {
    return timeZoneAt(player.latitude, player.longitude);
  }
  if (court?.latitude != null && court.longitude != null) {
    return timeZoneAt(court.latitude, court.longitude);
  }
  const [latest] = await db
    .select({ latitude: courts.latitude, longitude: courts.longitude })
    .from(gameParticipants)
    .innerJoin(games, eq(games.id, gameParticipants.gameId))
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(eq(gameParticipants.userId, player.userId))
    .orderBy(desc(games.scheduledAt))
    .limit(1);
  return latest ? timeZoneAt(latest.latitude, latest.longitude) : "UTC";
}
