import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { JOB_SCHEMA } from "../db/job-queue.ts";
import { queryRows } from "../db/query-rows.ts";
import { createMailer } from "../lib/mail.ts";
import { notify } from "../modules/notifications/notify.ts";
import { callApi, playerWithSession } from "../test-support/direct-session.ts";
import { eventually } from "../test-support/eventually.ts";
import { insertCourtRow, insertPlayer } from "../test-support/game-rows.ts";
import { deliveryIdsOf, jobsOf, notificationsOf } from "../test-support/notification-rows.ts";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import { type JobRunner, startJobs } from "./runner.ts";

const HOUR = 3_600_000;
const silent = { info: () => {}, warn: () => {} };

let t: TestApp;
let smtp: SmtpSink;
let runner: JobRunner;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
  const config = loadConfig({ NODE_ENV: "test", WEATHER_URL: "off" });
  runner = await startJobs({
    database: t.database,
    config,
    log: silent,
    hub: t.app.liveHub,
    mailer: createMailer({ smtpUrl: smtp.url, from: "games@example.com" }),
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
  });
  courtId = await insertCourtRow(t.db);
});
afterAll(async () => {
  await runner.stop();
  await smtp.stop();
  await t.close();
});

describe("the job runner", () => {
  it("delivers a new notification within moments, woken by its live event", async () => {
    const coach = await playerWithSession(t.app, t.db, {
      nickname: "Coach",
      email: "coach.runner@example.com",
    });
    const fan = await playerWithSession(t.app, t.db, { nickname: "Fan" });
    const game = await callApi(t.app, "POST", "/api/games", coach.cookie, {
      courtId,
      title: "Queue Run",
      scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    });
    // The thread is for players of the game: the fan takes a seat, then writes.
    await callApi(t.app, "POST", `/api/games/${game.json().id}/join`, fan.cookie);
    await callApi(t.app, "POST", `/api/games/${game.json().id}/messages`, fan.cookie, {
      body: "In?",
    });
    const mail = await eventually(async () =>
      smtp.received.find((m) => m.to.includes("coach.runner@example.com")),
    );
    expect(mail.raw).toContain("Subject: Fan sent you a message");
  });

  it("retries while SMTP is down, with backoff, and delivers once it is back; the join answered 200", async () => {
    const coach = await playerWithSession(t.app, t.db, {
      nickname: "Coach",
      email: "coach.down@example.com",
    });
    const rookie = await playerWithSession(t.app, t.db, {
      nickname: "Rookie",
      email: "rookie.down@example.com",
    });
    const created = await callApi(t.app, "POST", "/api/games", coach.cookie, {
      courtId,
      title: "Storm Run",
      scheduledAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    });
    const gameId = created.json().id as number;
    await smtp.stop();
    try {
      expect(
        (await callApi(t.app, "POST", `/api/games/${gameId}/join`, rookie.cookie)).statusCode,
      ).toBe(200);
      expect(
        (await callApi(t.app, "POST", `/api/games/${gameId}/cancel`, coach.cookie)).statusCode,
      ).toBe(200);
      const [notice] = await notificationsOf(t.db, rookie.id, "game_cancelled");
      const retrying = await eventually(async () =>
        (await jobsOf(t.db, "notification-delivery")).find(
          (j) => deliveryIdsOf(j).includes(notice?.id ?? 0) && j.state === "retry",
        ),
      );
      // Backoff: the next attempt waits, it is not hammered.
      expect(retrying.startAfter.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await smtp.start();
    }
    await eventually(
      async () => smtp.received.find((m) => m.to.includes("rookie.down@example.com")),
      40_000,
    );
    expect(smtp.received.filter((m) => m.to.includes("rookie.down@example.com"))).toHaveLength(1);
  }, 60_000);

  it("two runners on one database share the work: every message goes out exactly once", async () => {
    const second = await startJobs({
      database: t.database,
      config: loadConfig({ NODE_ENV: "test", WEATHER_URL: "off" }),
      log: silent,
      mailer: createMailer({ smtpUrl: smtp.url, from: "games@example.com" }),
      pollingIntervalSeconds: 0.5,
    });
    try {
      const organizer = await insertPlayer(t.db);
      const recipients: string[] = [];
      for (let i = 0; i < 40; i++) {
        recipients.push(await insertPlayer(t.db, { email: `crowd.${i}@example.com` }));
      }
      await notify(
        t.db,
        recipients.map((userId) => ({
          kind: "game_cancelled" as const,
          userId,
          actorId: organizer,
          payload: {
            gameTitle: "Crowd Run",
            courtName: "Test Court",
            startsAt: new Date().toISOString(),
            timeZone: "UTC",
          },
          dedupeKey: "crowd-run:cancelled",
        })),
      );
      const crowd = () => smtp.received.filter((m) => m.to.some((to) => to.startsWith("crowd.")));
      await eventually(async () => crowd().length >= 40);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const addresses = crowd().flatMap((m) => m.to);
      expect(addresses).toHaveLength(40);
      expect(new Set(addresses).size).toBe(40);
    } finally {
      await second.stop();
    }
  });

  it("two runners checking the schedules every second send the every-minute job once in its minute, and run it", async () => {
    // The whole window within one minute: the job is one per minute, whoever sends it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 500));
    const minute = new Date(Date.now() - (Date.now() % 60_000));
    const second = await startJobs({
      database: t.database,
      config: loadConfig({ NODE_ENV: "test", WEATHER_URL: "off" }),
      log: silent,
      pollingIntervalSeconds: 0.5,
      cronMonitorIntervalSeconds: 1,
    });
    const pruneJobs = () =>
      queryRows<{ state: string }>(
        t.db,
        sql`select state::text as state from ${sql.raw(JOB_SCHEMA)}.job
          where name = 'live-events-prune' and created_on >= ${minute.toISOString()}::timestamptz`,
      );
    try {
      await eventually(async () => (await pruneJobs()).some((job) => job.state === "completed"));
      // Both instances keep checking the schedules for a few more seconds of the same minute.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(await pruneJobs()).toEqual([{ state: "completed" }]);
    } finally {
      await second.stop();
    }
  }, 90_000);
});
