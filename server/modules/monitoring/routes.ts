import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { LiveHub } from "../events/hub.ts";
import { createMetrics, type Metrics } from "./metrics.ts";

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * With METRICS_TOKEN, `GET /metrics` on the app's own port answers a scraper that sends
 * `Authorization: Bearer TOKEN`, and nobody else.
 */
export async function metricsRoute(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics; token: string },
) {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) {
      reply.header("www-authenticate", "Bearer");
      throw new HttpError(401, "A metrics scraper sends the metrics token.");
    }
    return reply
      .header("cache-control", "no-store")
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}

/**
 * With METRICS_PORT, `GET /metrics` on a port of its own (kept off the public listener, for a
 * scraper on the private network); anything else there is a 404.
 */
export async function listenForScrapes(
  registry: Registry,
  port: number,
  host: string,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" })
          .end(text),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Metrics only when asked for (METRICS_PORT, METRICS_TOKEN; issue 36): otherwise nothing is
 * measured and no endpoint exists.
 */
export async function registerMonitoring(
  app: FastifyInstance,
  { database, hub, config }: { database: Database; hub: LiveHub; config: Config },
): Promise<void> {
  const { metricsPort: port, metricsToken: token } = config;
  if (port === undefined && token === undefined) return;
  const metrics = createMetrics(database, hub);
  // On the root instance, so every route is measured.
  app.addHook("onResponse", async (request, reply) => metrics.observe(request, reply));
  if (token) await app.register(metricsRoute, { metrics, token });
  if (port === undefined) return;
  let scrapes: http.Server | undefined;
  app.addHook("onReady", async () => {
    scrapes = await listenForScrapes(metrics.registry, port, config.host);
  });
  app.addHook("onClose", async () => {
    await new Promise((resolve) => (scrapes ? scrapes.close(resolve) : resolve(undefined)));
  });
}
