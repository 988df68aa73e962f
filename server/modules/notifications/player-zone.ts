import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { courts, gameParticipants, games } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";

/**
 * A player's own time zone for quiet hours: from their saved position, else the zone of the
 * court the notification is about (`courtZone`), else of their latest game's court, else UTC.
 */
export async function playerZone(
  db: Queryable,
  player: { userId: string; latitude: number | null; longitude: number | null },
  courtZone: string | null,
): Promise<string> {
  if (player.latitude !== null && player.longitude !== null) {
    return timeZoneAt(player.latitude, player.longitude);
  }
  if (courtZone) return courtZone;
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
