import { eq, sql } from "drizzle-orm";
import {
  type CourtKing,
  type Crown,
  KINGS_BOARD_SIZE,
  KINGS_WINDOW_DAYS,
  POINTS_PER_CHECK_IN_DAY,
  POINTS_PER_GAME,
  POINTS_PER_WIN,
} from "../../../common/court-kings.ts";
import type { Queryable } from "../../db/client.ts";
import { endedSinceSql, playedSeatsSql } from "../../db/played-seats.ts";
import { showsStatsSql } from "../../db/privacy-conditions.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  games,
  playerProfiles,
  users,
} from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import { findCourt } from "../court-page/service.ts";

const WINDOW = sql.raw(`interval '${KINGS_WINDOW_DAYS} days'`);
const windowStart = sql`(now() - ${WINDOW})`;

type KingRow = Omit<CourtKing, "rank">;

/**
 * The board of one court over the last KINGS_WINDOW_DAYS (common/court-kings.ts): days checked
 * in there (in the court's own calendar), games played there that ended in the window (the same
 * definition of a played game as stats and leaderboards) and wins among them. Two index range
 * scans of the one court — check-ins by (court, time), games by (court, start) — and the seats
 * of those games by their key. Players without a profile or hiding their stats are left out.
 */
async function board(
  db: Queryable,
  court: { id: number; latitude: number; longitude: number },
  limit: number,
): Promise<CourtKing[]> {
  const timeZone = timeZoneAt(court.latitude, court.longitude);
  const ci = courtCheckIns;
  const rows = await queryRows<KingRow>(
    db,
    sql`with seats as (${playedSeatsSql(sql`${games.courtId} = ${court.id} and ${endedSinceSql(windowStart)}`)}),
    played as (
      select user_id, count(*)::int as games, (count(*) filter (where won))::int as wins,
        max(ends_at) as last_at
      from seats group by user_id
    ),
    visits as (
      select ${ci.userId} as user_id,
        count(distinct (${ci.checkedInAt} at time zone ${timeZone})::date)::int as days,
        max(${ci.checkedInAt}) as last_at
      from ${ci}
      where ${ci.courtId} = ${court.id} and ${ci.checkedInAt} >= ${windowStart}
      group by ${ci.userId}
    ),
    totals as (
      select coalesce(p.user_id, v.user_id) as user_id,
        coalesce(p.games, 0) as games, coalesce(p.wins, 0) as wins, coalesce(v.days, 0) as days,
        greatest(p.last_at, v.last_at) as last_at
      from played p full join visits v on v.user_id = p.user_id
    ),
    scored as (
      select *, (${POINTS_PER_CHECK_IN_DAY}::int * days + ${POINTS_PER_GAME}::int * games
        + ${POINTS_PER_WIN}::int * wins)::int as points
      from totals
    )
    -- Ranked first, players looked up after (lateral: one primary-key lookup per player, in
    -- ranking order), so the walk stops at the limit however many played here.
    select s.user_id as "userId", player.nickname, player.profile_image_url as "profileImageUrl",
      s.points, s.wins, s.games, s.days as "checkInDays"
    -- Sorted before the lookups (a subquery keeps its order for the outer query), so the
    -- walk goes down the ranking and stops at the limit instead of looking up every player.
    from (select * from scored order by points desc, wins desc, last_at asc, user_id asc) s
    cross join lateral (
      select ${playerProfiles.nickname} as nickname, ${users.profileImageUrl} as profile_image_url
      from ${playerProfiles} join ${users} on ${users.id} = ${playerProfiles.userId}
      where ${playerProfiles.userId} = s.user_id and ${showsStatsSql(sql`s.user_id`)}
      -- "limit 1" keeps PostgreSQL from turning this back into a join over all players.
      limit 1
    ) player
    order by s.points desc, s.wins desc, s.last_at asc, s.user_id asc
    limit ${limit}`,
  );
  return rows.map((row, i) => ({ rank: i + 1, ...row }));
}

/** GET /api/courts/{id}/kings: the top 10; the first is the reigning Court King. */
export async function courtKings(db: Queryable, courtId: number): Promise<CourtKing[]> {
  const court = await findCourt(db, courtId);
  return board(db, court, KINGS_BOARD_SIZE);
}

/** At most this many of a player's recent courts are looked at for crowns. */
const CROWN_COURTS_LIMIT = 50;

/**
 * The courts where the player is the reigning king: each court they scored at in the window
 * (checked in, or played a game that ended in it), whose board they top.
 */
export async function crownsOf(db: Queryable, userId: string): Promise<Crown[]> {
  const candidates = await queryRows<{ id: number }>(
    db,
    sql`select court_id as id, max(at) as at from (
      select ${courtCheckIns.courtId} as court_id, ${courtCheckIns.checkedInAt} as at
        from ${courtCheckIns}
        where ${courtCheckIns.userId} = ${userId} and ${courtCheckIns.checkedInAt} >= ${windowStart}
      union all
      select ${games.courtId}, ${games.scheduledAt}
        from ${gameParticipants} join ${games} on ${games.id} = ${gameParticipants.gameId}
        where ${gameParticipants.userId} = ${userId} and ${endedSinceSql(windowStart)}
    ) scored group by court_id order by at desc limit ${CROWN_COURTS_LIMIT}`,
  );
  const crowns: Crown[] = [];
  for (const { id } of candidates) {
    const [court] = await db
      .select({
        id: courts.id,
        name: courts.name,
        latitude: courts.latitude,
        longitude: courts.longitude,
      })
      .from(courts)
      .where(eq(courts.id, id));
    if (!court) continue;
    const [king] = await board(db, court, 1);
    if (king?.userId === userId) {
      crowns.push({ courtId: court.id, courtName: court.name, points: king.points });
    }
  }
  return crowns.sort((a, b) => b.points - a.points || a.courtName.localeCompare(b.courtName));
}
