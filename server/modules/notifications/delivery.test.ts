import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, pushSubscriptions, users } from "../../db/schema.ts";
import { createMailer } from "../../lib/mail.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import {
  deliveryIdsOf,
  jobsOf,
  liveEventsKept,
  notificationsOf,
} from "../../test-support/notification-rows.ts";
import { type PushReceiver, startPushReceiver } from "../../test-support/push-receiver.ts";
import { parseMail, type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { type DeliveryDeps, deliverNotification, deliverNotifications } from "./delivery.ts";
import { deliveriesCounted } from "./delivery-count.ts";
import { unsubscribeToken } from "./email.ts";
import { notify } from "./notify.ts";
import { vapidKeysOnce } from "./push.ts";

/** The deliveries counted for /metrics so far, of one channel and outcome. */
async function counted(channel: string, outcome: string): Promise<number> {
  const { values } = await deliveriesCounted.get();
  return (
    values.find((v) => v.labels.channel === channel && v.labels.outcome === outcome)?.value ?? 0
  );
}

const HOUR = 3_600_000;
const PUBLIC_URL = "https://bros.example.com";
const SECRET = "a-test-session-secret-of-at-least-32-chars";

let t: TestApp;
let smtp: SmtpSink;
let push: PushReceiver;
let deps: DeliveryDeps;
let courtId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // Configured to mail, so notices e-mail can carry get their delivery job (reach.ts).
  t = await createTestApp({
    env: { PUBLIC_URL, SESSION_SECRET: SECRET, SMTP_URL: smtp.url, MAIL_FROM: "games@example.com" },
  });
  push = await startPushReceiver();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Ball with the Bros <games@example.com>",
  });
  deps = {
    db: t.db,
    mailer,
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
    name: "Venice Beach Courts",
    latitude: 33.985,
    longitude: -118.472,
  });
});
afterEach(() => {
  expect(push.problems).toEqual([]);
});
afterAll(async () => {
  deps.mailer?.close();
  await push.close();
  await smtp.stop();
  await t.close();
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  cookie?: string,
  body?: unknown,
) => callApi(t.app, method, url, cookie, body);

let seq = 0;
async function playerWithEmail(nickname: string) {
  seq += 1;
  const email = `${nickname.toLowerCase()}.${seq}@example.com`;
  const p = await playerWithSession(t.app, t.db, { nickname, email, firstName: nickname });
  return { ...p, email };
}

/** Subscribes a new device of this player through the API, as Settings does. */
async function subscribe(cookie: string, name: string) {
  const device = push.device(name);
  const response = await call("POST", "/api/push/subscriptions", cookie, device.subscription);
  expect(response.statusCode).toBe(204);
  return device;
}

async function cancelledGame() {
  const coach = await playerWithEmail("Coach");
  const rookie = await playerWithEmail("Rookie");
  const created = await call("POST", "/api/games", coach.cookie, {
    courtId,
    title: "Sunset <Run> & Co",
    scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
  });
  const gameId = created.json().id as number;
  await call("POST", `/api/games/${gameId}/join`, rookie.cookie);
  return {
    coach,
    rookie,
    gameId,
    cancel: () => call("POST", `/api/games/${gameId}/cancel`, coach.cookie),
  };
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const pushesTo = (device: string) => push.received.filter((p) => p.device === device);

describe("delivering a notification", () => {
  it("e-mails (text and HTML, a link to the game, a way to stop) and pushes to each device, once", async () => {
    const { rookie, gameId, cancel } = await cancelledGame();
    await subscribe(rookie.cookie, "rookie-phone");
    await subscribe(rookie.cookie, "rookie-laptop");
    await cancel();
    const [notice] = await notificationsOf(t.db, rookie.id, "game_cancelled");
    if (!notice) throw new Error("no notification");

    const sentBefore = await counted("email", "sent");
    const pushedBefore = await counted("push", "sent");
    await deliverNotification(deps, notice.id);
    await deliverNotification(deps, notice.id); // a retry after all went out sends nothing more
    // Counted for /metrics as they went: one e-mail, two pushes.
    expect((await counted("email", "sent")) - sentBefore).toBe(1);
    expect((await counted("push", "sent")) - pushedBefore).toBe(2);

    const mails = mailsTo(rookie.email);
    expect(mails).toHaveLength(1);
    const mail = await parseMail(mails[0] as (typeof mails)[number]);
    expect(mail.subject).toBe("Sunset <Run> & Co was cancelled");
    expect(mail.from?.text).toBe('"Ball with the Bros" <games@example.com>');
    expect(mail.messageId).toBe(`<notification-${notice.id}@bros.example.com>`);
    expect(mail.text).toContain(`Open in Ball with the Bros: ${PUBLIC_URL}/game/${gameId}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/settings`);
    expect(mail.html).toContain("Sunset &lt;Run&gt; &amp; Co was cancelled");
    expect(mail.html).toContain(`href="${PUBLIC_URL}/game/${gameId}"`);
    expect(mail.html).not.toContain("<Run>");
    const unsubscribe = `${PUBLIC_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(SECRET, rookie.id, "email"))}`;
    const header = (key: string) =>
      mail.headerLines
        .find((h) => h.key === key)
        ?.line.replace(/\r?\n[ \t]+/g, "")
        .replace(/^[^:]+:\s*/, "");
    expect(header("list-unsubscribe")).toBe(`<${unsubscribe}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    for (const device of ["rookie-phone", "rookie-laptop"]) {
      const pushes = pushesTo(device);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({
        message: {
          title: "Sunset <Run> & Co was cancelled",
          url: `/game/${gameId}`,
          tag: `notification-${notice.id}`,
        },
        topic: `n${notice.id}`,
        vapid: { aud: push.origin, sub: PUBLIC_URL },
      });
      expect(pushes[0]?.ttl).toBeGreaterThan(0);
    }
  });

  it("removes a subscription whose push service answers 404 or 410, and still reaches the others", async () => {
    const { rookie, cancel } = await cancelledGame();
    await subscribe(rookie.cookie, "old-tablet");
    await subscribe(rookie.cookie, "old-phone");
    await subscribe(rookie.cookie, "new-phone");
    push.answer("old-tablet", 410);
    push.answer("old-phone", 404);
    await cancel();
    const [notice] = await notificationsOf(t.db, rookie.id, "game_cancelled");
    await deliverNotification(deps, notice?.id ?? 0);

    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, rookie.id));
    expect(left.map((s) => s.endpoint.split("/").pop())).toEqual(["new-phone"]);
    expect(pushesTo("new-phone")).toHaveLength(1);
  });

  it("without SMTP a delivery fails and stays to be retried; the game's page answered 200 all along", async () => {
    const { coach, rookie, gameId } = await cancelledGame();
    await smtp.stop();
    try {
      const sent = await call("POST", `/api/games/${gameId}/messages`, rookie.cookie, {
        body: "Still on?",
      });
      expect(sent.statusCode).toBe(201);
      const [notice] = await notificationsOf(t.db, coach.id, "organizer_message");
      const failedBefore = await counted("email", "failed");
      await expect(deliverNotification(deps, notice?.id ?? 0)).rejects.toThrow(/deliveries failed/);
      expect((await counted("email", "failed")) - failedBefore).toBe(1);
      const records = await t.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notice?.id ?? 0));
      expect(records).toEqual([]);
      expect(mailsTo(coach.email)).toEqual([]);
    } finally {
      await smtp.start();
    }
    const [notice] = await notificationsOf(t.db, coach.id, "organizer_message");
    await deliverNotification(deps, notice?.id ?? 0);
    expect(mailsTo(coach.email)).toHaveLength(1);
  });

  it("one job carries every notice of a transaction; run and retried, each goes out once", async () => {
    const { coach, rookie, gameId } = await cancelledGame();
    const others = [rookie, await playerWithEmail("Wing"), await playerWithEmail("Center")];
    for (const p of others.slice(1)) await call("POST", `/api/games/${gameId}/join`, p.cookie);
    for (const p of others) await subscribe(p.cookie, `${p.email}-phone`);
    const jobsBefore = (await jobsOf(t.db, "notification-delivery")).length;

    // SMTP down during the first attempt: the pushes go, the e-mails fail, the job throws.
    await smtp.stop();
    try {
      expect((await call("POST", `/api/games/${gameId}/cancel`, coach.cookie)).statusCode).toBe(
        200,
      );
      const jobs = (await jobsOf(t.db, "notification-delivery")).slice(jobsBefore);
      expect(jobs).toHaveLength(1);
      const job = jobs[0] as (typeof jobs)[number];
      const ids = deliveryIdsOf(job);
      const notices = await Promise.all(
        others.map(async (p) => (await notificationsOf(t.db, p.id, "game_cancelled"))[0]?.id),
      );
      expect([...ids].sort()).toEqual([...notices].sort());
      await expect(
        deliverNotifications(deps, job.data as { notificationIds: number[] }),
      ).rejects.toThrow();
      for (const p of others) expect(pushesTo(`${p.email}-phone`)).toHaveLength(1);
      for (const p of others) expect(mailsTo(p.email)).toEqual([]);
    } finally {
      await smtp.start();
    }
    // The retry sends only what had not gone; a further run sends nothing.
    const [job] = (await jobsOf(t.db, "notification-delivery")).slice(jobsBefore);
    const data = job?.data as { notificationIds: number[] };
    await deliverNotifications(deps, data);
    await deliverNotifications(deps, data);
    for (const p of others) {
      expect(pushesTo(`${p.email}-phone`)).toHaveLength(1);
      expect(mailsTo(p.email)).toHaveLength(1);
    }
  });

  it("a permanent refusal (550) is recorded, not retried", async () => {
    const { rookie, cancel } = await cancelledGame();
    smtp.refuse(rookie.email);
    await cancel();
    const [notice] = await notificationsOf(t.db, rookie.id, "game_cancelled");
    await deliverNotification(deps, notice?.id ?? 0);
    const [record] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notice?.id ?? 0));
    expect(record).toMatchObject({ channel: "email", outcome: "refused" });
  });

  it("sends nothing of a kind switched off after the event, and no e-mail with Email off", async () => {
    const { coach, rookie, gameId } = await cancelledGame();
    await subscribe(coach.cookie, "coach-phone");
    await call("POST", `/api/games/${gameId}/messages`, rookie.cookie, { body: "First" });
    await call("PATCH", "/api/user/settings", coach.cookie, {
      notifications: { newMessages: false },
    });
    const [first] = await notificationsOf(t.db, coach.id, "organizer_message");
    await deliverNotification(deps, first?.id ?? 0);
    expect(mailsTo(coach.email)).toEqual([]);
    expect(pushesTo("coach-phone")).toEqual([]);

    await call("PATCH", "/api/user/settings", coach.cookie, {
      notifications: { newMessages: true, email: false },
    });
    await call("POST", `/api/games/${gameId}/messages`, rookie.cookie, { body: "Second" });
    const [, second] = await notificationsOf(t.db, coach.id, "organizer_message");
    await deliverNotification(deps, second?.id ?? 0);
    expect(mailsTo(coach.email)).toEqual([]);
    expect(pushesTo("coach-phone").map((p) => p.message.body)).toEqual([
      `About Sunset <Run> & Co: “Second”`,
    ]);
  });

  it("holds a weekly summary during the player's night until 08:00 their time", async () => {
    const night = await playerWithEmail("Owl");
    await t.db
      .update(users)
      .set({ latitude: 40.71, longitude: -74.0 }) // New York
      .where(eq(users.id, night.id));
    const [id] = await notify(t.db, [
      {
        kind: "weekly_stats",
        userId: night.id,
        payload: { gamesPlayed: 3, wins: 2, points: 25, badgesEarned: 1 },
        dedupeKey: "weekly-stats:test",
      },
    ]);
    const before = (await jobsOf(t.db, "notification-delivery")).length;
    // 03:00 in New York (EDT).
    await deliverNotification({ ...deps, now: () => new Date("2026-06-15T07:00:00Z") }, id ?? 0);
    expect(mailsTo(night.email)).toEqual([]);
    const jobs = await jobsOf(t.db, "notification-delivery");
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.at(-1)).toMatchObject({ data: { notificationIds: [id] } });
    expect(jobs.at(-1)?.startAfter.toISOString()).toBe("2026-06-15T12:00:00.000Z");

    // By day it goes out.
    await deliverNotification({ ...deps, now: () => new Date("2026-06-15T13:00:00Z") }, id ?? 0);
    const [mail] = mailsTo(night.email);
    expect((await parseMail(mail as NonNullable<typeof mail>)).subject).toBe(
      "Your week: 3 games, 2 wins",
    );
  });
});

describe("a delivery job only when someone can receive the notices beyond the bell", () => {
  const jobsSince = async (before: number) =>
    (await jobsOf(t.db, "notification-delivery")).slice(before);
  const jobCount = async () => (await jobsOf(t.db, "notification-delivery")).length;

  async function openGame(organizer: { cookie: string }) {
    const created = await call("POST", "/api/games", organizer.cookie, {
      courtId,
      title: "Morning Run",
      scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    });
    return created.json().id as number;
  }

  it("a join tells the organizer's phone through one job; without a device, the bell only", async () => {
    const coach = await playerWithEmail("Host");
    const gameId = await openGame(coach);
    const eventsBefore = (await liveEventsKept(t.db)).length;
    let before = await jobCount();
    const first = await playerWithEmail("Early");
    expect((await call("POST", `/api/games/${gameId}/join`, first.cookie)).statusCode).toBe(200);
    // A join's notice goes by push only: no device, no job; the notice and the events are kept.
    expect(await jobsSince(before)).toEqual([]);
    const [told] = await notificationsOf(t.db, coach.id, "player_joined");
    expect(told?.actorId).toBe(first.id);
    const events = (await liveEventsKept(t.db)).slice(eventsBefore);
    expect(events.map((e) => [e.userId, e.data.type])).toContainEqual([
      coach.id,
      "notifications.changed",
    ]);
    expect(events.some((e) => e.data.type === "game.changed")).toBe(true);

    // A device subscribed later: the next join has its job, and the push arrives.
    await subscribe(coach.cookie, "host-phone");
    before = await jobCount();
    const second = await playerWithEmail("Late");
    expect((await call("POST", `/api/games/${gameId}/join`, second.cookie)).statusCode).toBe(200);
    const jobs = await jobsSince(before);
    expect(jobs).toHaveLength(1);
    const [next] = (await notificationsOf(t.db, coach.id, "player_joined")).slice(-1);
    expect(deliveryIdsOf(jobs[0] as (typeof jobs)[number])).toEqual([next?.id]);
    await deliverNotifications(deps, jobs[0]?.data as { notificationIds: number[] });
    expect(pushesTo("host-phone").map((p) => p.message.url)).toEqual([`/game/${gameId}`]);
  });

  it("a cancellation e-mails through its job a player with no device; Email off, no job", async () => {
    const { coach, rookie, gameId } = await cancelledGame();
    const quiet = await playerWithEmail("Quiet");
    await call("POST", `/api/games/${gameId}/join`, quiet.cookie);
    await call("PATCH", "/api/user/settings", quiet.cookie, { notifications: { email: false } });
    const before = await jobCount();
    expect((await call("POST", `/api/games/${gameId}/cancel`, coach.cookie)).statusCode).toBe(200);
    const jobs = await jobsSince(before);
    expect(jobs).toHaveLength(1);
    const [mine] = await notificationsOf(t.db, rookie.id, "game_cancelled");
    expect(await notificationsOf(t.db, quiet.id, "game_cancelled")).toHaveLength(1);
    expect(deliveryIdsOf(jobs[0] as (typeof jobs)[number])).toEqual([mine?.id]);
    await deliverNotifications(deps, jobs[0]?.data as { notificationIds: number[] });
    expect(mailsTo(rookie.email)).toHaveLength(1);
    expect(mailsTo(quiet.email)).toEqual([]);
  });
});

describe("the one-click unsubscribe link", () => {
  it("turns off the switch it names, refuses a forged token, and a visit opens Settings", async () => {
    const me = await playerWithEmail("Leaver");
    const good = unsubscribeToken(SECRET, me.id, "courtUpdates");
    const forged = unsubscribeToken(
      "another-secret-of-at-least-32-characters",
      me.id,
      "weeklyStats",
    );
    await call("PATCH", "/api/user/settings", me.cookie, { notifications: { courtUpdates: true } });

    const refused = await t.app.inject({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.statusCode).toBe(400);
    const done = await t.app.inject({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(good)}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.statusCode).toBe(200);
    const settings = (await call("GET", "/api/user/settings", me.cookie)).json();
    expect(settings.notifications).toMatchObject({ courtUpdates: false, weeklyStats: true });

    const visit = await t.app.inject({
      method: "GET",
      url: `/api/notifications/unsubscribe?token=${good}`,
    });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe("/settings");
  });
});
