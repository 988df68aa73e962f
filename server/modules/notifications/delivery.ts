import { eq, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../common/notifications.ts";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import type { Db } from "../../db/client.ts";
import { enqueue, type JobData } from "../../db/job-queue.ts";
import {
  notificationDeliveries,
  notifications,
  pushSubscriptions,
  userSettings,
  users,
} from "../../db/schema.ts";
import { type Mailer, MailRefusedError } from "../../lib/mail.ts";
import { deliveriesCounted } from "./delivery-count.ts";
import { notificationEmail } from "./email.ts";
import { gameFacts } from "./game-facts.ts";
import { actionOfRow, KINDS, type KindSpec, linkOf, renderRow } from "./kinds.ts";
import { playerZone } from "./player-zone.ts";
import { sendPush, type VapidKeys } from "./push.ts";
import type { PushAddressPolicy } from "./push-address.ts";
import { quietHoursDecision } from "./quiet-hours.ts";
import { mailOpenSql } from "./reach.ts";

export interface DeliveryDeps {
  db: Db;
  /** Null when SMTP_URL is not set: notifications stay in the app (and push). */
  mailer: Mailer | null;
  publicUrl: string;
  /** Signs the one-click unsubscribe links. */
  secret: string;
  vapidKeys: () => Promise<VapidKeys>;
  /** Which addresses a push may connect to (push-address.ts). */
  pushAddresses: PushAddressPolicy;
  now?: () => Date;
}

const DAY_SECONDS = 24 * 3600;
/**
 * Deliveries in a row a device's push service may fail (no answer, 5xx) before the device is
 * forgotten, as a 404 would have it: an endpoint that never answers is not tried forever.
 */
export const PUSH_FAILURES_MAX = 5;
/** A reminder's e-mail or push is pointless after this point: the game is about to start. */
const REMINDER_DEADLINE_MS = 30 * 60_000;

async function load(db: Db, notificationId: number) {
  const [row] = await db
    .select({
      notification: notifications,
      email: users.email,
      mailOpen: mailOpenSql,
      latitude: users.latitude,
      longitude: users.longitude,
      settings: userSettings,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(eq(notifications.id, notificationId));
  return row;
}

async function record(
  db: Db,
  notificationId: number,
  channel: "email" | "push",
  target: string,
  outcome: string,
): Promise<void> {
  await db
    .insert(notificationDeliveries)
    .values({ notificationId, channel, target, outcome })
    .onConflictDoNothing();
  deliveriesCounted.inc({ channel, outcome });
}

async function recorded(db: Db, notificationId: number): Promise<Set<string>> {
  const rows = await db
    .select({ channel: notificationDeliveries.channel, target: notificationDeliveries.target })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, notificationId));
  return new Set(rows.map((r) => `${r.channel}:${r.target}`));
}

/**
 * The job of one notification: its e-mail and its pushes, each channel at most once. What went
 * out is recorded per channel and device before the job ends, so a retry (after a failure, or a
 * worker killed midway) sends only what had not gone yet — and a message that did go but was not
 * recorded carries the same Message-ID, push topic and tag, so the copy is recognised. Throws
 * when something is worth trying again (SMTP down, a push service erring): pg-boss retries with
 * backoff.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  notificationId: number,
): Promise<void> {
  const { db } = deps;
  const row = await load(db, notificationId);
  if (!row) return; // the account or the game is gone, and its notifications with it
  const n = row.notification;
  const spec = KINDS[n.kind as NotificationKind] as KindSpec<NotificationKind> | undefined;
  if (!spec) return;
  // Switched off after the event: nothing more leaves the bell.
  if (spec.setting && !(row.settings ?? DEFAULT_SETTINGS.notifications)[spec.setting]) return;

  const game = n.gameId === null ? null : await gameFacts(db, n.gameId);
  const now = deps.now?.() ?? new Date();
  if (spec.quietHours) {
    const zone = await playerZone(db, { userId: n.userId, ...row }, game?.timeZone ?? null);
    const deadline =
      n.kind === "game_reminder" && game
        ? new Date(game.scheduledAt.getTime() - REMINDER_DEADLINE_MS)
        : null;
    const decision = quietHoursDecision(now, zone, deadline);
    if (decision.action === "wait") {
      await enqueue(db, "notification-delivery", [
        { data: { notificationIds: [notificationId] }, startAfter: decision.until },
      ]);
      return;
    }
    if (decision.action === "drop") {
      await record(db, notificationId, "email", "email", "quiet");
      await record(db, notificationId, "push", "all", "quiet");
      return;
    }
  }

  const done = await recorded(db, notificationId);
  const rendered = renderRow(n);
  const link = linkOf(spec.subject, n);
  const action = actionOfRow(n);
  const failures: unknown[] = [];

  if (spec.push && !done.has("push:all")) {
    const subscriptions = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, n.userId));
    // About a game still ahead, a push is worth delivering until it starts; else for a day.
    const untilStart = game ? Math.floor((game.scheduledAt.getTime() - now.getTime()) / 1000) : 0;
    const ttlSeconds = untilStart >= 60 ? Math.min(DAY_SECONDS, untilStart) : DAY_SECONDS;
    for (const subscription of subscriptions) {
      const target = String(subscription.id);
      if (done.has(`push:${target}`)) continue;
      try {
        const outcome = await sendPush(
          subscription,
          {
            ...rendered,
            url: link,
            tag: `notification-${n.id}`,
            ...(action ? { action: { title: action.label, post: action.post } } : {}),
          },
          {
            keys: await deps.vapidKeys(),
            topic: `n${n.id}`,
            ttlSeconds,
            addresses: deps.pushAddresses,
          },
        );
        if (outcome === "gone") {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        } else {
          await record(db, n.id, "push", target, outcome);
          if (outcome === "sent") {
            await db
              .update(pushSubscriptions)
              .set({ lastSuccessAt: sql`now()`, failures: 0 })
              .where(eq(pushSubscriptions.id, subscription.id));
          }
        }
      } catch (error) {
        deliveriesCounted.inc({ channel: "push", outcome: "failed" });
        const [counted] = await db
          .update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1` })
          .where(eq(pushSubscriptions.id, subscription.id))
          .returning({ failures: pushSubscriptions.failures });
        if (counted && counted.failures >= PUSH_FAILURES_MAX) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        } else {
          failures.push(error);
        }
      }
    }
  }

  if (spec.email && deps.mailer && row.email && row.mailOpen && !done.has("email:email")) {
    try {
      await deps.mailer.send(
        notificationEmail({
          notificationId: n.id,
          to: row.email,
          rendered,
          link,
          action: action ? { label: action.label, path: action.path } : null,
          setting: spec.setting,
          userId: n.userId,
          publicUrl: deps.publicUrl,
          secret: deps.secret,
        }),
      );
      await record(db, n.id, "email", "email", "sent");
    } catch (error) {
      if (error instanceof MailRefusedError) await record(db, n.id, "email", "email", "refused");
      else {
        deliveriesCounted.inc({ channel: "email", outcome: "failed" });
        failures.push(error);
      }
    }
  }

  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `notification ${n.id}: ${failures.length} deliveries failed`,
    );
  }
}

/**
 * The job of one transaction's notifications: each delivered as above, in order. A failure does
 * not stop the others; the job then fails as a whole and its retry sends only what is not yet
 * recorded, so nothing already delivered goes out twice.
 */
export async function deliverNotifications(
  deps: DeliveryDeps,
  data: JobData["notification-delivery"],
): Promise<void> {
  const ids = "notificationIds" in data ? data.notificationIds : [data.notificationId];
  const failures: unknown[] = [];
  for (const id of ids) {
    try {
      await deliverNotification(deps, id);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) {
    throw new AggregateError(failures, `${failures.length} of ${ids.length} notifications failed`);
  }
}
