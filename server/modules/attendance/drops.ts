import { sql } from "drizzle-orm";
import { LATE_DROP_HOURS } from "../../../common/reliability.ts";
import type { Tx } from "../../db/client.ts";

const LATE = sql.raw(`interval '${LATE_DROP_HOURS} hours'`);

/**
 * Records that a player gave up their seat, in the leave's own transaction: more than
 * LATE_DROP_HOURS before the start it costs nothing, later it is a late drop. One row per game
 * and player, the last drop kept (leaving, rejoining and leaving again is judged by the last).
 */
export async function recordDrop(tx: Tx, gameId: number, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into game_drops (game_id, user_id, dropped_at, late)
    select id, ${userId}, now(), scheduled_at - now() <= ${LATE} from games where id = ${gameId}
    on conflict (game_id, user_id) do update set dropped_at = excluded.dropped_at, late = excluded.late`);
}
