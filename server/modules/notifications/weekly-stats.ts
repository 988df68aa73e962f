import { and, gt, inArray, sql } from "drizzle-orm";
import { XP_PER_GAME, XP_PER_WIN } from "../../../common/games.ts";
import type { Db } from "../../db/client.ts";
import { endedSinceSql, playedSeatsSql } from "../../db/played-seats.ts";
import { queryRows } from "../../db/query-rows.ts";
import { gameParticipants, playerBadges, users } from "../../db/schema.ts";
import { notify } from "./notify.ts";
import { playerZone } from "./player-zone.ts";
import { wallClock } from "./quiet-hours.ts";

const BATCH = 200;
const WEEK_MS = 7 * 24 * 3_600_000;
/** The summary comes on Monday from this hour, the player's time. */
export const SUMMARY_HOUR = 9;

/**
 * Monday 09:00–24:00 somewhere on Earth (UTC−12 to UTC+14) is Sunday 19:00 to Tuesday 12:00 UTC:
 * outside it the hourly job has nothing to do and reads nothing.
 */
export function someoneIsOnMondayMorning(now: Date): boolean {
  const day = now.getUTCDay();
  const hour = now.getUTCHours();
  return (day === 0 && hour >= 19) || day === 1 || (day === 2 && hour < 12);
}

type Candidate = { userId: string; latitude: number | null; longitude: number | null };

/** Players who played in the last 7 days, keep Weekly Stats on and got no summary in 6 days. */
async function candidates(db: Db, after: string, since: Date): Promise<Candidate[]> {
  const sinceSql = sql`${since.toISOString()}::timestamptz`;
  return queryRows<Candidate>(
    db,
    sql`select distinct seats.user_id as "userId", ${users.latitude} as latitude, ${users.longitude} as longitude
      from (${playedSeatsSql(sql`${endedSinceSql(sinceSql)} and ${gameParticipants.userId} > ${after}`)}) seats
      join ${users} on ${users.id} = seats.user_id
      where coalesce((select weekly_stats from user_settings s where s.user_id = seats.user_id), true)
        and not exists (
          select 1 from notifications n
          where n.user_id = seats.user_id and n.kind = 'weekly_stats'
            and n.created_at > now() - interval '6 days')
      order by "userId"
      limit ${BATCH}`,
  );
}

type Week = { userId: string; gamesPlayed: number; wins: number };

async function weeks(db: Db, userIds: string[], since: Date): Promise<Map<string, Week>> {
  const sinceSql = sql`${since.toISOString()}::timestamptz`;
  const rows = await queryRows<Week>(
    db,
    sql`select user_id as "userId", count(*)::int as "gamesPlayed", (count(*) filter (where won))::int as wins
      from (${playedSeatsSql(sql`${endedSinceSql(sinceSql)} and ${inArray(gameParticipants.userId, userIds)}`)}) seats
      group by user_id`,
  );
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * The hourly Weekly Stats job: on Monday from 09:00 in each player's own zone, a summary of the
 * last 7 days (games, wins, XP, badges) for those who played and keep the switch on. Players are
 * read in batches of BATCH, each batch written in one short transaction, so the embedded
 * database is never held for long. The dedupe key is the player's Monday: one summary per week.
 */
export async function sendWeeklySummaries(db: Db, now = new Date()): Promise<number> {
  if (!someoneIsOnMondayMorning(now)) return 0;
  const since = new Date(now.getTime() - WEEK_MS);
  let after = "";
  let sent = 0;
  for (;;) {
    const batch = await candidates(db, after, since);
    if (batch.length === 0) return sent;
    after = batch.at(-1)?.userId ?? after;

    const due: { userId: string; monday: string }[] = [];
    for (const player of batch) {
      const zone = await playerZone(db, player, null);
      const local = wallClock(now, zone);
      const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
      if (weekday === 1 && local.hour >= SUMMARY_HOUR) {
        due.push({ userId: player.userId, monday: `${local.year}-${local.month}-${local.day}` });
      }
    }
    if (due.length === 0) continue;

    const ids = due.map((d) => d.userId);
    const played = await weeks(db, ids, since);
    const badgeRows = await db
      .select({ userId: playerBadges.userId, n: sql<number>`count(*)::int` })
      .from(playerBadges)
      .where(and(inArray(playerBadges.userId, ids), gt(playerBadges.earnedAt, since)))
      .groupBy(playerBadges.userId);
    const badges = new Map(badgeRows.map((r) => [r.userId, r.n]));

    await db.transaction(async (tx) => {
      const written = await notify(
        tx,
        due.flatMap(({ userId, monday }) => {
          const week = played.get(userId);
          if (!week) return [];
          return [
            {
              kind: "weekly_stats" as const,
              userId,
              payload: {
                gamesPlayed: week.gamesPlayed,
                wins: week.wins,
                points: week.gamesPlayed * XP_PER_GAME + week.wins * XP_PER_WIN,
                badgesEarned: badges.get(userId) ?? 0,
              },
              dedupeKey: `weekly-stats:${monday}`,
            },
          ];
        }),
      );
      sent += written.length;
    });
  }
}
