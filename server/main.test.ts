import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "./db/data-dir-lock.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "./test-support/server-process.ts";

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

    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    // The lock went with the process; the next start takes it at once.
    lockDataDir(dataDir)();
  }, 240_000);

  it("stops at start-up with a one-line reason for a bad setting", async () => {
    const server = start({ PORT: "eighty" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
    );
  });
});
