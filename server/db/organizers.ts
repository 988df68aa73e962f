import { sql } from "drizzle-orm";
import { GAME_NOT_FOUND } from "../../common/games.ts";
import { forbidden, notFound } from "../lib/http-error.ts";
import type { Queryable } from "./client.ts";
import { queryRows } from "./query-rows.ts";

/**
 * Who organizes: a game's or run's organizer, and the co-organizers of a run (decision 104),
 * who may use the organizer's tools on its dates, cancel them and move them.
 */

/**
 * The game's organizer, or a co-organizer of the run it is a date of, may act on it; anyone
 * else hears `refusal` (403).
 */
export async function refuseUnlessOrganizer(
  db: Queryable,
  gameId: number,
  userId: string,
  refusal: string,
): Promise<void> {
  const [game] = await queryRows<{ allowed: boolean }>(
    db,
    sql`select g.organizer_id = ${userId} or exists (
        select 1 from run_organizers o where o.run_id = g.run_id and o.user_id = ${userId}
      ) as allowed
      from games g where g.id = ${gameId}`,
  );
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (!game.allowed) throw forbidden(refusal);
}

/** The run's organizer or one of its co-organizers. */
export async function runsOrganizer(
  db: Queryable,
  run: { id: number; organizerId: string },
  userId: string,
): Promise<boolean> {
  if (run.organizerId === userId) return true;
  const rows = await queryRows(
    db,
    sql`select 1 from run_organizers where run_id = ${run.id} and user_id = ${userId}`,
  );
  return rows.length > 0;
}
