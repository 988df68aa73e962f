import { sql } from "drizzle-orm";
import {
  BELOW_MIN_RELIABILITY,
  MARK_WINDOW_HOURS,
  RELIABILITY_DAYS,
  type Reliability,
  reliabilityPercent,
} from "../../../common/reliability.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { conflict } from "../../lib/http-error.ts";

const WINDOW = sql.raw(`interval '${RELIABILITY_DAYS} days'`);

/**
 * Attendance of a game is settled once the organizer closed it or MARK_WINDOW_HOURS passed since
 * the start; a seat marked present counts at once. Cancelled games count for nobody.
 */
export const attendanceSettledSql = (gameAlias: string) =>
  sql.raw(`(${gameAlias}.scheduled_at <= now() - interval '${MARK_WINDOW_HOURS} hours'
    or exists (select 1 from game_attendance_closed c where c.game_id = ${gameAlias}.id))`);

/**
 * The records of many players at once, in one statement (no query per player): over the last
 * RELIABILITY_DAYS days, the games each was seated at whose attendance is settled or where they
 * were marked present, how many of those they were present at, and their late drops from games
 * that went ahead and that they did not rejoin. Every id asked for gets a row, in the order asked.
 */
export async function reliabilityOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Reliability[]> {
  if (userIds.length === 0) return [];
  const ids = sql`${sql.param([...new Set(userIds)])}::varchar[]`;
  const rows = await queryRows<Reliability>(
    db,
    sql`
    with seats as (
      select p.user_id, count(*)::int as expected, count(a.user_id)::int as present
      from game_participants p
      join games g on g.id = p.game_id
      left join game_attendance a on a.game_id = p.game_id and a.user_id = p.user_id
      where p.user_id = any(${ids}) and g.status <> 'cancelled'
        and g.scheduled_at > now() - ${WINDOW}
        and (a.user_id is not null or ${attendanceSettledSql("g")})
      group by p.user_id
    ), drops as (
      select d.user_id, count(*)::int as late_drops
      from game_drops d
      join games g on g.id = d.game_id
      where d.user_id = any(${ids}) and d.late and g.status <> 'cancelled'
        and d.dropped_at > now() - ${WINDOW}
        and not exists (
          select 1 from game_participants p where p.game_id = d.game_id and p.user_id = d.user_id)
      group by d.user_id
    )
    select u.user_id as "userId", coalesce(s.expected, 0) as expected,
      coalesce(s.present, 0) as present, coalesce(dr.late_drops, 0) as "lateDrops"
    from unnest(${ids}) with ordinality as u(user_id, n)
    left join seats s on s.user_id = u.user_id
    left join drops dr on dr.user_id = u.user_id
    order by u.n`,
  );
  return rows;
}

/** One player's record (no games: all zero). */
export async function reliabilityOfOne(db: Queryable, userId: string): Promise<Reliability> {
  const [record] = await reliabilityOf(db, [userId]);
  return record ?? { userId, expected: 0, present: 0, lateDrops: 0 };
}

/**
 * Refuses (409) a player whose reliability is below the game's minimum, inside the caller's
 * transaction (joining a game). A player without enough games for a figure is let in: a
 * newcomer cannot have a record yet.
 */
export async function refuseBelowMinReliability(
  tx: Tx,
  gameId: number,
  userId: string,
): Promise<void> {
  const [game] = await queryRows<{ min: number | null }>(
    tx,
    sql`select min_reliability as min from games where id = ${gameId}`,
  );
  if (!game?.min) return;
  const percent = reliabilityPercent(await reliabilityOfOne(tx, userId));
  if (percent !== null && percent < game.min)
    throw conflict(BELOW_MIN_RELIABILITY(game.min, percent));
}
