import { eq } from "drizzle-orm";
import { GAME_NOT_FOUND } from "../../../common/games.ts";
import type { Queryable } from "../../db/client.ts";
import { games } from "../../db/schema.ts";
import { forbidden, notFound } from "../../lib/http-error.ts";

/** The game's organizer may use the organizer's tools on it; anyone else hears `refusal` (403). */
export async function refuseUnlessOrganizer(
  db: Queryable,
  gameId: number,
  userId: string,
  refusal: string,
): Promise<void> {
  const [game] = await db
    .select({ organizerId: games.organizerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (game.organizerId !== userId) throw forbidden(refusal);
}
