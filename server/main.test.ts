import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "./db/data-dir-lock.ts";
import { eventually } from "./test-support/eventually.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "./test-support/server-process.ts";
import { startSmtpSink } from "./test-support/smtp-sink.ts";

/** A notification e-mail (account e-mails, such as the sign-up's confirmation, are not counted). */
const isNotificationMail = (mail: { raw: string }) =>
  /^Message-ID: <notification-/im.test(mail.raw);

// These tests run the real server process on the embedded database in a temporary DATA_DIR.
let dataDir: string;
const started: ServerProcess[] = [];
const start = (env: Record<string, string>) => {
  const server = spawnServer({ DATA_DIR: dataDir, ...env });
  started.push(server);
  return server;
};

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-main-"));
});
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(port: number, email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Dur",
      lastName: "Able",
      email,
      password: "a durable password",
    }),
  });
  return response.status;
}

/** Signs up through the API and answers the session cookie. */
async function signUpAt(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Out",
      lastName: "Box",
      email,
      password: "a durable password",
    }),
  });
  expect(response.status).toBe(200);
  return (
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("bwb_session="))
      ?.split(";")[0] ?? ""
  );
}

async function signIn(port: number, email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "a durable password" }),
  });
  return response.status;
}

describe("the server process", () => {
  it("refuses a second process on the same DATA_DIR, keeps acknowledged writes across a kill -9, and shuts down cleanly", async () => {
    const port = await freePort();
    const first = start({ PORT: String(port) });
    await waitUntilHealthy(port, first);

    const second = start({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another server \(pid \d+\)/);

    expect(await signUp(port, "durable@example.com")).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;

    const port2 = await freePort();
    const restarted = start({ PORT: String(port2) });
    await waitUntilHealthy(port2, restarted);
    expect(await signIn(port2, "durable@example.com")).toBe(200);
    // Ready once its job queue runs (the workers start after the listener opens).
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port2}/api/readyz`)).status === 200,
    );

    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    // The lock went with the process; the next start takes it at once.
    lockDataDir(dataDir)();
  }, 240_000);

  it("on the embedded database, a kill -9 between an event and its delivery loses nothing", async () => {
    const smtp = await startSmtpSink();
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-outbox-"));
    try {
      await smtp.stop(); // SMTP down: the delivery fails and waits for its retry
      const env = {
        DATA_DIR: ownDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: "games@example.com",
      };
      const port = await freePort();
      const first = start({ ...env, PORT: String(port) });
      await waitUntilHealthy(port, first);
      const base = `http://127.0.0.1:${port}`;
      const coach = await signUpAt(base, "coach@example.com");
      const rookie = await signUpAt(base, "rookie@example.com");
      const courts = (await (await fetch(`${base}/api/courts`)).json()) as { id: number }[];
      const created = await fetch(`${base}/api/games`, {
        method: "POST",
        headers: { cookie: coach, "content-type": "application/json" },
        body: JSON.stringify({
          courtId: courts[0]?.id,
          title: "Outbox Run",
          scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        }),
      });
      const { id } = (await created.json()) as { id: number };
      await fetch(`${base}/api/games/${id}/join`, { method: "POST", headers: { cookie: rookie } });
      await fetch(`${base}/api/games/${id}/cancel`, { method: "POST", headers: { cookie: coach } });
      await eventually(() => /job failed, to be retried/.test(first.output()));
      first.child.kill("SIGKILL");
      await first.exited;

      await smtp.start();
      const restarted = start({ ...env, PORT: String(port) });
      await waitUntilHealthy(port, restarted);
      await eventually(
        () =>
          smtp.received.some((m) => isNotificationMail(m) && m.to.includes("rookie@example.com")),
        60_000,
      );
      expect(
        smtp.received.filter((m) => isNotificationMail(m) && m.to.includes("rookie@example.com")),
      ).toHaveLength(1);
      restarted.child.kill("SIGTERM");
      expect(await restarted.exited).toBe(0);
    } finally {
      await smtp.stop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 240_000);

  it("stops at start-up with a one-line reason for a bad setting", async () => {
    const server = start({ PORT: "eighty" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
    );
  });
});
