import { sql } from "drizzle-orm";
import { GAME_NOT_FOUND, GAME_STARTED, ONLY_ORGANIZER } from "../../../common/games.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { gameChanged, publish } from "../events/publish.ts";

/**
 * The organizer sets the lowest reliability (percent) a player needs to take a seat or join the
 * line, or none, before the game starts. Players already seated keep their seats.
 */
export async function setMinReliability(
  db: Db,
  organizerId: string,
  gameId: number,
  minReliability: number | null,
): Promise<{ minReliability: number | null }> {
  return db.transaction(async (tx) => {
    const [game] = await queryRows<{ organizerId: string; courtId: number; open: boolean }>(
      tx,
      sql`select organizer_id as "organizerId", court_id as "courtId",
          status <> 'cancelled' and scheduled_at > now() as open
        from games where id = ${gameId} for no key update`,
    );
    if (!game) throw notFound(GAME_NOT_FOUND);
    if (game.organizerId !== organizerId) throw forbidden(ONLY_ORGANIZER);
    if (!game.open) throw conflict(GAME_STARTED);
    await tx.execute(
      sql`update games set min_reliability = ${minReliability} where id = ${gameId}`,
    );
    await publish(tx, [gameChanged(gameId, game.courtId)]);
    return { minReliability };
  });
}
