import { sql } from "drizzle-orm";
import { notOpenYet } from "../../../common/early-access.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { conflict } from "../../lib/http-error.ts";

/**
 * A run's date before it opens to everyone (games.opens_at) takes only the run's regulars and
 * its organizer; anyone else hears when it opens (409). Games without opens_at (every game not
 * made by a run with early access) pass with one indexed read. Its own module so the games hub
 * asks it without knowing runs.
 */
export async function refuseBeforeOpen(
  tx: Queryable,
  gameId: number,
  userId: string,
): Promise<void> {
  const [game] = await queryRows<{ opensAt: Date | string; timeZone: string }>(
    tx,
    sql`select g.opens_at as "opensAt", coalesce(c.time_zone, 'UTC') as "timeZone"
      from games g join courts c on c.id = g.court_id
      where g.id = ${gameId} and g.opens_at > now() and g.organizer_id <> ${userId}
        and not exists (select 1 from run_regulars r where r.run_id = g.run_id and r.user_id = ${userId})`,
  );
  if (game) throw conflict(notOpenYet(game.opensAt, game.timeZone));
}
