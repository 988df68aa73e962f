import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema.ts";
import { createMailer } from "../../lib/mail.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertGameWithPlayers } from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { type PushReceiver, startPushReceiver } from "../../test-support/push-receiver.ts";
import { parseMail, type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { type DeliveryDeps, deliverNotification } from "../notifications/delivery.ts";
import { vapidKeysOnce } from "../notifications/push.ts";
import { sendGameReminders } from "./reminders.ts";

const PUBLIC_URL = "https://bros.example.com";
const SECRET = "a-test-session-secret-of-at-least-32-chars";

let t: TestApp;
let smtp: SmtpSink;
let push: PushReceiver;
let deps: DeliveryDeps;
let courtId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    env: { PUBLIC_URL, SESSION_SECRET: SECRET, SMTP_URL: smtp.url, MAIL_FROM: "games@example.com" },
  });
  push = await startPushReceiver();
  deps = {
    db: t.db,
    mailer: createMailer({ smtpUrl: smtp.url, from: "games@example.com" }),
    publicUrl: PUBLIC_URL,
    secret: SECRET,
    vapidKeys: vapidKeysOnce(t.db, {
      vapid: undefined,
      vapidSubject: undefined,
      publicUrl: PUBLIC_URL,
      mail: undefined,
    }),
    pushAddresses: { allowLoopback: true },
  };
  courtId = await insertCourtRow(t.db, {
    name: "Rancho Park",
    latitude: 34.04,
    longitude: -118.42,
  });
});
afterAll(async () => {
  deps.mailer?.close();
  await push.close();
  await smtp.stop();
  await t.close();
});

describe("a reminder's Can't make it, delivered", () => {
  it("the e-mail links the page, the push carries the one-tap action, and the tap frees the seat once", async () => {
    const organizer = await playerWithSession(t.app, t.db, { email: "org.rd@example.com" });
    const me = await playerWithSession(t.app, t.db, {
      email: "me.rd@example.com",
      // In Los Angeles: quiet hours are the player's own.
      latitude: 34.05,
      longitude: -118.24,
    });
    const device = push.device("my-phone");
    const subscribed = await callApi(
      t.app,
      "POST",
      "/api/push/subscriptions",
      me.cookie,
      device.subscription,
    );
    expect(subscribed.statusCode).toBe(204);
    const gameId = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: organizer.id,
      players: [me.id],
      startsInHours: 24,
      title: "Sunset Run",
    });
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    await sendGameReminders(
      t.db,
      { gameId, scheduledAt: game?.scheduledAt.toISOString() ?? "", lead: 24 },
      { secret: SECRET },
    );
    const [notice] = await notificationsOf(t.db, me.id, "game_reminder");
    if (!notice) throw new Error("no reminder");
    const token = (notice.payload as { dropToken: string }).dropToken;

    // 3 PM in Los Angeles: out of the player's night.
    const afternoon = new Date();
    afternoon.setUTCHours(22, 0, 0, 0);
    await deliverNotification({ ...deps, now: () => afternoon }, notice.id);

    const mails = smtp.received.filter((m) => m.to.includes("me.rd@example.com"));
    expect(mails).toHaveLength(1);
    const mail = await parseMail(mails[0] as (typeof mails)[number]);
    expect(mail.subject).toBe("Coming up: Sunset Run");
    expect(mail.text).toContain(`Can't make it: ${PUBLIC_URL}/cant-make-it/${token}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/cant-make-it/${token}"`);

    const pushes = push.received.filter((p) => p.device === "my-phone");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.message).toMatchObject({
      title: "Coming up: Sunset Run",
      url: `/game/${gameId}`,
      action: { title: "Can't make it", post: `/api/reminders/cant-make-it/${token}` },
    });

    const tap = await callApi(t.app, "POST", `/api/reminders/cant-make-it/${token}`);
    expect(tap.statusCode).toBe(200);
    expect(tap.json().state).toBe("freed");
    const again = await callApi(t.app, "POST", `/api/reminders/cant-make-it/${token}`);
    expect(again.statusCode).toBe(409);
  });
});
