import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { JOB_SCHEMA, type QueueName } from "../db/job-queue.ts";
import { queryRows } from "../db/query-rows.ts";
import { liveEvents, notifications, pushSubscriptions } from "../db/schema.ts";

/** A player's notification rows, oldest first, of one kind when given. */
export function notificationsOf(db: Queryable, userId: string, kind?: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(asc(notifications.id));
}

export type JobRow = {
  id: string;
  state: string;
  data: Record<string, unknown>;
  startAfter: Date;
  retryCount: number;
};

/** The jobs waiting in (or done by) a queue, oldest first. */
export async function jobsOf(db: Queryable, queue: QueueName): Promise<JobRow[]> {
  const rows = await queryRows<JobRow>(
    db,
    sql`select id, state::text as state, data, start_after as "startAfter", retry_count as "retryCount"
      from ${sql.raw(JOB_SCHEMA)}.job where name = ${queue} order by created_on, id`,
  );
  return rows.map((row) => ({ ...row, startAfter: new Date(row.startAfter) }));
}

/** The notifications a delivery job carries. */
export function deliveryIdsOf(job: JobRow): number[] {
  return (job.data.notificationIds as number[] | undefined) ?? [];
}

/** The live events kept for resuming, oldest first. */
export function liveEventsKept(db: Queryable) {
  return db.select().from(liveEvents).orderBy(asc(liveEvents.id));
}

let devices = 0;
/** A push subscription row for the player (no push service behind it: for who is reachable). */
export async function insertPushDevice(db: Queryable, userId: string): Promise<void> {
  devices += 1;
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.com/device-${devices}-${userId}`,
    p256dh: "test-key",
    auth: "test-auth",
  });
}
