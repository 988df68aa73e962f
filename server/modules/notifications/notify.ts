import { inArray, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../common/notifications.ts";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import type { Queryable } from "../../db/client.ts";
import { insertJobSql } from "../../db/job-queue.ts";
import { queryRows } from "../../db/query-rows.ts";
import { liveEvents, notifications, userSettings } from "../../db/schema.ts";
import {
  type Announcement,
  eventRows,
  publish,
  type StoredRow,
  storedEvent,
} from "../events/publish.ts";
import { wake } from "../events/wake.ts";
import { KINDS, type KindSpec, type NotificationPayloads } from "./kinds.ts";
import { reachableSql } from "./reach.ts";

type NoticeFor<K extends NotificationKind> = {
  kind: K;
  /** Who is told. */
  userId: string;
  /** Who caused it: never told about their own action. Null for the clock's events. */
  actorId?: string | null;
  /** What it is about (the kind says which one its link opens). */
  gameId?: number | null;
  courtId?: number | null;
  profileUserId?: string | null;
  payload: NotificationPayloads[K];
  /**
   * Names the event for this player, such as `game:12:cancelled`: a second notice with the same
   * key (a retried job, a sweep running twice) records nothing. At most 200 characters.
   */
  dedupeKey: string;
};

/** One notification to write; `payload` is typed by `kind`. */
export type Notice = { [K in NotificationKind]: NoticeFor<K> }[NotificationKind];

const CHUNK = 500;

type SwitchRow = typeof userSettings.$inferSelect;

async function switchedOff(tx: Queryable, notices: readonly Notice[]): Promise<Set<string>> {
  const governed = notices.filter((n) => KINDS[n.kind].setting !== null);
  const off = new Set<string>();
  if (governed.length === 0) return off;
  const ids = [...new Set(governed.map((n) => n.userId))];
  const rows = await tx.select().from(userSettings).where(inArray(userSettings.userId, ids));
  const byUser = new Map<string, SwitchRow>(rows.map((r) => [r.userId, r]));
  for (const n of governed) {
    const setting = (KINDS[n.kind] as KindSpec<NotificationKind>).setting;
    if (!setting) continue;
    const row = byUser.get(n.userId);
    const on = row ? row[setting] : DEFAULT_SETTINGS.notifications[setting];
    if (!on) off.add(`${n.userId}\u0000${n.kind}`);
  }
  return off;
}

/**
 * Records notifications in the caller's transaction: the rows, one delivery job for those that
 * can go by e-mail or push (server/db/job-queue.ts) and a live event for each recipient's bell. All of it
 * commits or rolls back with the change it tells about, so a crash can never keep one and lose
 * the other. Skips the actor, players who switched the kind off (Settings) and events already
 * recorded (the dedupe key). `announce` adds the change's own live events
 * (server/modules/events). Up to 500 notices, everything is one statement (the hot path of every
 * join and leave); more are written 500 to a statement and job. Answers the ids of the rows
 * written.
 */
export async function notify(
  tx: Queryable,
  notices: readonly Notice[],
  options: { announce?: readonly Announcement[] } = {},
): Promise<number[]> {
  const announce = options.announce ?? [];
  const kept = await keptNotices(tx, notices);
  if (kept.length === 0) {
    await publish(tx, announce);
    return [];
  }
  if (kept.length <= CHUNK) return (await record(tx, kept, announce)).map((row) => row.id);
  const written: { id: number; userId: string }[] = [];
  for (let at = 0; at < kept.length; at += CHUNK) {
    written.push(...(await record(tx, kept.slice(at, at + CHUNK), null)));
  }
  const recipients = [...new Set(written.map((row) => row.userId))];
  await publish(tx, [...recipients.map(bellOf), ...announce]);
  return written.map((row) => row.id);
}

const bellOf = (userId: string): Announcement => ({
  event: { type: "notifications.changed" },
  to: { userId },
});

async function keptNotices(tx: Queryable, notices: readonly Notice[]): Promise<Notice[]> {
  const wanted = notices.filter((n) => n.userId !== n.actorId);
  if (wanted.length === 0) return [];
  const off = await switchedOff(tx, wanted);
  return wanted.filter((n) => !off.has(`${n.userId}\u0000${n.kind}`));
}

/**
 * One statement: the rows, their delivery job and, unless `announce` is null, the live events: a bell
 * for each recipient of a new row, then `announce`, stored in that order and sent once the
 * transaction commits. The job carries only the notices someone can receive by e-mail or push
 * (reach.ts), and is not written when there are none: most players have neither a device
 * subscribed nor a server that mails. It still decides per player and device when it runs.
 */
async function record(
  tx: Queryable,
  notices: readonly Notice[],
  announce: readonly Announcement[] | null,
): Promise<{ id: number; userId: string }[]> {
  const values = notices.map(
    (n) =>
      sql`(${n.userId}, ${n.kind}, ${n.actorId ?? null}, ${n.gameId ?? null}::int, ${n.courtId ?? null}::int, ${n.profileUserId ?? null}, ${JSON.stringify(n.payload)}::jsonb, ${n.dedupeKey})`,
  );
  const events =
    announce === null
      ? sql``
      : sql`, stored as (
          insert into ${liveEvents} (user_id, data)
          select user_id, data from (
            select user_id, ${JSON.stringify(bellOf("").event)}::jsonb as data, 0 as at
            from (select distinct user_id from written) recipients
            ${announce.length > 0 ? sql`union all select user_id, data, 1 from (values ${sql.join(eventRows(announce), sql`, `)}) announced (user_id, data)` : sql``}
          ) events order by at
          returning id, user_id, data
        )`;
  const [result] = await queryRows<{
    written: { id: number | string; userId: string }[];
    stored?: StoredRow[];
  }>(
    tx,
    sql`with written as (
        insert into ${notifications}
          (user_id, kind, actor_id, game_id, court_id, profile_user_id, payload, dedupe_key)
        values ${sql.join(values, sql`, `)}
        on conflict (user_id, dedupe_key) do nothing
        returning id, user_id, kind
      ), job as (${insertJobSql(
        "notification-delivery",
        sql`jsonb_build_object('notificationIds', jsonb_agg(id order by id))`,
        sql`from written where ${reachableSql(sql`written.user_id`, sql`written.kind`)} having count(*) > 0`,
      )})${events}
      select (select coalesce(json_agg(json_build_object('id', id, 'userId', user_id) order by id), '[]'::json)
          from written) as written
        ${announce === null ? sql`` : sql`, (select coalesce(json_agg(json_build_object('id', id, 'user_id', user_id, 'data', data) order by id), '[]'::json) from stored) as stored`}`,
  );
  await wake(tx, (result?.stored ?? []).map(storedEvent));
  return (result?.written ?? []).map((row) => ({ id: Number(row.id), userId: row.userId }));
}
