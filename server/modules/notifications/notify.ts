import { inArray, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../common/notifications.ts";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { notifications, userSettings } from "../../db/schema.ts";
import { insertJobSql } from "../../jobs/queue.ts";
import { type Announcement, publish } from "../events/publish.ts";
import { KINDS, type KindSpec, type NotificationPayloads } from "./kinds.ts";

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
 * Records notifications in the caller's transaction: the rows, one delivery job for them all
 * (e-mail and push, server/jobs/queue.ts; one per 500 rows) and a live event for each recipient's bell. All of it commits or
 * rolls back with the change it tells about, so a crash can never keep one and lose the other.
 * Skips the actor, players who switched the kind off (Settings) and events already recorded
 * (the dedupe key). `announce` adds the change's own live events (server/modules/events), sent
 * with the bells' in one statement. Answers the ids of the rows written.
 */
export async function notify(
  tx: Queryable,
  notices: readonly Notice[],
  options: { announce?: readonly Announcement[] } = {},
): Promise<number[]> {
  const announce = options.announce ?? [];
  const written = await record(tx, notices);
  const recipients = [...new Set(written.map((row) => row.userId))];
  await publish(tx, [
    ...recipients.map(
      (userId): Announcement => ({
        event: { type: "notifications.changed" },
        to: { userId },
      }),
    ),
    ...announce,
  ]);
  return written.map((row) => row.id);
}

async function record(
  tx: Queryable,
  notices: readonly Notice[],
): Promise<{ id: number; userId: string }[]> {
  const wanted = notices.filter((n) => n.userId !== n.actorId);
  if (wanted.length === 0) return [];
  const off = await switchedOff(tx, wanted);
  const kept = wanted.filter((n) => !off.has(`${n.userId}\u0000${n.kind}`));

  const written: { id: number; userId: string }[] = [];
  for (let at = 0; at < kept.length; at += CHUNK) {
    const values = kept
      .slice(at, at + CHUNK)
      .map(
        (n) =>
          sql`(${n.userId}, ${n.kind}, ${n.actorId ?? null}, ${n.gameId ?? null}::int, ${n.courtId ?? null}::int, ${n.profileUserId ?? null}, ${JSON.stringify(n.payload)}::jsonb, ${n.dedupeKey})`,
      );
    // The rows and their one delivery job in one statement: every kind goes by e-mail or push
    // (kinds.ts), and the job decides per player and device.
    const rows = await queryRows<{ id: number | string; user_id: string }>(
      tx,
      sql`with written as (
          insert into ${notifications}
            (user_id, kind, actor_id, game_id, court_id, profile_user_id, payload, dedupe_key)
          values ${sql.join(values, sql`, `)}
          on conflict (user_id, dedupe_key) do nothing
          returning id, user_id
        ), job as (${insertJobSql(
          "notification-delivery",
          sql`jsonb_build_object('notificationIds', jsonb_agg(id order by id))`,
          sql`from written having count(*) > 0`,
        )})
        select id, user_id from written order by id`,
    );
    written.push(...rows.map((row) => ({ id: Number(row.id), userId: row.user_id })));
  }
  return written;
}
