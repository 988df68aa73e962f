import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnCluster, startOwnCluster } from "../../test-support/pg-cluster.ts";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../../test-support/server-process.ts";

/**
 * PostgreSQL stops for 8 seconds and starts again while a page holds its live stream open. The
 * server's LISTEN connection comes back within a couple of seconds of the database answering,
 * and the page is told to fetch again ("resync"): it does not sit on what it saw before the
 * outage, and the next change reaches it live.
 */

let cluster: OwnCluster;
let server: ServerProcess;
let base: string;
let databaseUrl: string;

beforeAll(async () => {
  cluster = await startOwnCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bwb_live_outage");
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = "/bwb_live_outage";
  databaseUrl = url.href;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SESSION_SECRET: "live-outage-session-secret-0123456789abcdef",
  });
  await waitUntilHealthy(port, server);
}, 180_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await cluster?.remove();
}, 60_000);

/** A visitor's live stream, with the time each `data:` frame arrived. */
async function openStream() {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const frames: { at: number; data: { type: string } }[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream body");
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .find((line) => line.startsWith("data: "));
        if (data) frames.push({ at: Date.now(), data: JSON.parse(data.slice(6)) });
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  return { frames, close: () => controller.abort() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("not in time");
    await sleep(50);
  }
}

describe("live events after PostgreSQL comes back", () => {
  it("resume within seconds: the open page is told to resync, and new events reach it", async () => {
    const stream = await openStream();
    try {
      await sleep(500);
      await cluster.pause();
      await sleep(8_000);
      await cluster.resume();
      const back = Date.now();

      const resync = await until(() => stream.frames.find((f) => f.data.type === "resync"), 20_000);
      expect(resync.at - back).toBeLessThan(2_500);

      // A change made now reaches the page live: the LISTEN connection is there again.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const sent = Date.now();
        await client.query("select pg_notify('bwb_live', $1)", [
          JSON.stringify([
            { id: 999_999, userId: null, event: { type: "court.changed", courtId: 1 } },
          ]),
        ]);
        const heard = await until(
          () => stream.frames.find((f) => f.data.type === "court.changed"),
          5_000,
        );
        expect(heard.at - sent).toBeLessThan(2_000);
      } finally {
        await client.end();
      }
    } finally {
      stream.close();
    }
  }, 120_000);
});
