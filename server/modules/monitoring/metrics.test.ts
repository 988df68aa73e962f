import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { enqueue } from "../../db/job-queue.ts";
import { freePort } from "../../test-support/server-process.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

const TOKEN = "a-scraper-token-0123456789abcdef";
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
}, 60_000);

async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env: { HOST: "127.0.0.1", ...env } });
  opened.push(t);
  return t;
}

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: authorization ? { authorization } : {},
  });

/** /metrics is then only a path like any other: the app's page (here, not built). */
function expectNoMetrics(answer: LightMyRequestResponse) {
  expect(answer.statusCode).not.toBe(200);
  expect(answer.headers["content-type"]).not.toMatch(/version=0\.0\.4/);
  expect(answer.body).not.toContain("bwb_");
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("Prometheus metrics", () => {
  it("are nowhere by default", async () => {
    const t = await testApp();
    await t.app.inject({ method: "GET", url: "/api/healthz" });
    expectNoMetrics(await scrape(t, `Bearer ${TOKEN}`));
  });

  it("with METRICS_TOKEN, answer only a scraper with the token, on the app's port", async () => {
    const t = await testApp({ METRICS_TOKEN: TOKEN });
    expect((await scrape(t)).statusCode).toBe(401);
    const wrong = await scrape(t, `Bearer ${TOKEN.replace("a", "b")}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "A metrics scraper sends the metrics token." });

    expect((await t.app.inject({ method: "GET", url: "/api/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/games/999999" })).statusCode).toBe(404);
    await enqueue(t.db, "notification-delivery", [{ data: { notificationIds: [1] } }]);

    const answer = await scrape(t, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const text = answer.body;
    // Requests by route pattern and status.
    expect(
      sample(
        text,
        'bwb_http_request_duration_seconds_count{method="GET",route="/api/healthz",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'bwb_http_request_duration_seconds_count{method="GET",route="/api/games/:id",status="404"}',
      ),
    ).toBe(1);
    // Live streams, LISTEN, the job queue.
    expect(sample(text, "bwb_live_streams")).toBe(0);
    expect(sample(text, "bwb_listen_connected")).toBe(1);
    expect(sample(text, 'bwb_job_queue_jobs{queue="notification-delivery",state="created"}')).toBe(
      1,
    );
    expect(
      sample(text, 'bwb_job_queue_oldest_seconds{queue="notification-delivery"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(text).toContain("# TYPE bwb_notification_deliveries_total counter");
    // The process's own, the event loop's lag among them.
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("process_cpu_user_seconds_total");
    // The pool and its queries' times, where there is one: the 404 above read the database.
    if (t.database.kind === "postgres") {
      expect(sample(text, 'bwb_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, "bwb_db_query_duration_seconds_count")).toBeGreaterThan(0);
      expect(sample(text, "bwb_db_query_duration_seconds_sum")).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain("bwb_db_pool_connections");
      expect(text).not.toContain("bwb_db_query_duration_seconds");
    }
  });

  it("with METRICS_PORT, answer on that port only, and close with the app", async () => {
    const port = await freePort();
    const t = await testApp({ METRICS_PORT: String(port) });
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("bwb_live_streams 0");
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    // Not on the app's own port without a token.
    expectNoMetrics(await scrape(t, `Bearer ${TOKEN}`));

    await t.close();
    opened.splice(opened.indexOf(t), 1);
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
