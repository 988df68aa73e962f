import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import type pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { createLogger, type LogDestination } from "./logger.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A stream that keeps what is written to it; `isTTY` makes it look like a terminal. */
function capture(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & LogDestination;
  stream.isTTY = isTTY;
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter((line) => line.trim() !== "");
  return { stream, lines };
}

async function serve(logger: pino.Logger, urls: string[]) {
  const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }), logger });
  for (const url of urls) await app.inject({ method: "GET", url });
  await app.close();
}

describe("request logs in production", () => {
  it("are one JSON line per request with method, path, status and time", async () => {
    const { stream, lines } = capture(true); // a terminal, but production: JSON all the same
    const logger = createLogger({ env: "production", logLevel: "info" }, stream);
    await serve(logger, ["/api/metrics", "/api/no-such-thing?x=1"]);
    const records = lines().map((line) => JSON.parse(line));
    const requests = records.filter((r) => r.req);
    expect(requests).toHaveLength(2);
    const [metrics, missing] = requests;
    expect(metrics).toMatchObject({
      level: 30,
      req: { method: "GET", url: "/api/metrics" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: expect.stringMatching(/^GET \/api\/metrics 200 \d+\.\d ms$/),
    });
    expect(missing).toMatchObject({
      req: { url: "/api/no-such-thing?x=1" },
      res: { statusCode: 404 },
      msg: expect.stringMatching(/^GET \/api\/no-such-thing 404 /),
    });
    // Fastify's own pair ("incoming request", "request completed") is gone.
    expect(records.filter((r) => /incoming request|request completed/.test(r.msg))).toEqual([]);
    // Each request is one record: no two lines share a request id.
    const ids = records.filter((r) => r.reqId).map((r) => r.reqId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("leave successful health checks out at info, and keep them at debug", async () => {
    const info = capture(false);
    await serve(createLogger({ env: "production", logLevel: "info" }, info.stream), [
      "/api/healthz",
      "/api/metrics",
    ]);
    expect(info.lines().join("\n")).not.toContain("/api/healthz");
    expect(info.lines().join("\n")).toContain("/api/metrics");

    const debug = capture(false);
    await serve(createLogger({ env: "production", logLevel: "debug" }, debug.stream), [
      "/api/healthz",
    ]);
    const health = debug
      .lines()
      .map((line) => JSON.parse(line))
      .filter((r) => r.req);
    expect(health).toMatchObject([{ level: 20, res: { statusCode: 200 } }]);
  });

  it("never write the OIDC code from the callback's query", async () => {
    const { stream, lines } = capture(false);
    await serve(createLogger({ env: "production", logLevel: "info" }, stream), [
      "/api/callback?code=top-secret-code&state=s",
    ]);
    const log = lines().join("\n");
    expect(log).toContain("/api/callback");
    expect(log).not.toContain("top-secret-code");
  });

  it("never write an account link's token", async () => {
    const { stream, lines } = capture(false);
    const paths = ["/api/login/reset", "/api/account/confirm-email", "/api/account/new-email"];
    await serve(
      createLogger({ env: "production", logLevel: "info" }, stream),
      paths.map((path) => `${path}?token=live-link-token`),
    );
    const log = lines().join("\n");
    for (const path of paths) expect(log).toContain(`${path}?[redacted]`);
    expect(log).not.toContain("live-link-token");
  });
});

describe("request logs in a development terminal", () => {
  it("are one readable line per request, not JSON", async () => {
    const { stream, lines } = capture(true);
    const logger = createLogger({ env: "development", logLevel: "info" }, stream);
    await serve(logger, ["/api/metrics", "/api/healthz"]);
    const requestLines = lines().filter((line) => line.includes("/api/"));
    expect(requestLines).toHaveLength(1);
    const [line = ""] = requestLines;
    expect(() => JSON.parse(line)).toThrow();
    // e.g. "[12:00:01] INFO: GET /api/metrics 200 3.1 ms", maybe with colours.
    const plain = stripVTControlCharacters(line);
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/metrics 200 \d+\.\d ms$/);
  });

  it("stay JSON when the output is not a terminal (a file, a log collector)", () => {
    const { stream, lines } = capture(false);
    createLogger({ env: "development", logLevel: "info" }, stream).info("hello");
    expect(JSON.parse(lines()[0] ?? "")).toMatchObject({ msg: "hello", level: 30 });
  });
});
