import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import {
  NOTIFICATION_NOT_FOUND,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationsQuery,
  UNREAD_COUNT_CAP,
} from "../../../common/notifications.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";
import { notFound } from "../../lib/http-error.ts";
import { publish } from "../events/publish.ts";
import { actionOfRow, KINDS, linkOf, renderRow } from "./kinds.ts";

type Row = typeof notifications.$inferSelect;

export function toNotification(row: Row): Notification {
  const spec = KINDS[row.kind as NotificationKind];
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    ...renderRow(row),
    link: linkOf(spec?.subject ?? "own-profile", row),
    action: actionOfRow(row),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** GET /api/notifications: the caller's, newest first, a page at a time. */
export async function listNotifications(
  db: Queryable,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        query.before === undefined ? undefined : lt(notifications.id, query.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toNotification),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * The bell's figure: unread rows of one player, read from the partial index on unread rows and
 * counted no further than UNREAD_COUNT_CAP ("99+"), so it costs the same at any history length.
 */
export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as("unread");
  const [row] = await db.select({ count: count() }).from(unread);
  return row?.count ?? 0;
}

/**
 * Marks one of the caller's notifications read (someone else's is not found); answers 1 when it
 * was unread, 0 when it was read already. One conditional update, so of several at once exactly
 * one counts.
 */
export async function markRead(db: Db, userId: string, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) {
      // The bell in the player's other tabs and devices.
      await publish(tx, [{ event: { type: "notifications.changed" }, to: { userId } }]);
      return 1;
    }
    const [exists] = await tx.select({ id: notifications.id }).from(notifications).where(mine);
    if (!exists) throw notFound(NOTIFICATION_NOT_FOUND);
    return 0;
  });
}

/** Marks all the caller's notifications read; answers how many were unread. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) {
      await publish(tx, [{ event: { type: "notifications.changed" }, to: { userId } }]);
    }
    return marked.length;
  });
}
