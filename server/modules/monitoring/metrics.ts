import type { FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client.ts";
import type { LiveHub } from "../events/hub.ts";
import { deliveriesCounted } from "../notifications/delivery-count.ts";

type QueueRow = { name: string; state: string; jobs: number; oldest_seconds: number | null };

/** Waiting and running jobs by queue, and how long the oldest waiting one has waited. */
const QUEUE_SQL = `
  select name, state, count(*)::int as jobs,
         extract(epoch from now() - min(created_on))::float8 as oldest_seconds
  from pgboss.job
  where state in ('created', 'retry', 'active')
  group by name, state`;

export interface Metrics {
  registry: Registry;
  /** Called once per answered request (an onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * What an operator watches (issue 36 point 1), in Prometheus' format. Made only when metrics
 * are on (METRICS_PORT or METRICS_TOKEN); every gauge is read when scraped, so an instance with
 * metrics on pays nothing between scrapes but the request histogram.
 */
export function createMetrics(database: Database, hub: LiveHub): Metrics {
  const registry = new Registry();
  // The process's own: CPU, memory, handles, GC, event-loop lag.
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(deliveriesCounted);

  const requests = new Histogram({
    name: "bwb_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route (its pattern) and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: "bwb_live_streams",
    help: "Live event streams (GET /api/events) open on this instance.",
    registers: [registry],
    collect() {
      this.set(hub.streamCount);
    },
  });
  new Gauge({
    name: "bwb_listen_connected",
    help: "1 while the live events' LISTEN connection is up, else 0.",
    registers: [registry],
    collect() {
      this.set(hub.listening ? 1 : 0);
    },
  });
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: "bwb_db_pool_connections",
      help: "Database pool connections: total open, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }
  if (database.observeQueries) {
    const queries = new Histogram({
      name: "bwb_db_query_duration_seconds",
      help: "Time from sending a database query to its answer, waiting behind the connection included.",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    database.observeQueries((seconds) => queries.observe(seconds));
  }
  // Each gauge reads the queue itself (one small query per scrape): a database away leaves it
  // empty rather than failing the scrape.
  const queueRows = async () =>
    (await database.execute(QUEUE_SQL).catch(() => ({ rows: [] }))).rows as QueueRow[];
  new Gauge({
    name: "bwb_job_queue_jobs",
    help: "Jobs waiting (created, retry) or running (active), by queue.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueRows()) {
        this.set({ queue: row.name, state: row.state }, row.jobs);
      }
    },
  });
  new Gauge({
    name: "bwb_job_queue_oldest_seconds",
    help: "Age of the oldest job waiting or running, by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const row of await queueRows()) {
        oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, row.oldest_seconds ?? 0));
      }
      for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
    },
  });

  return {
    registry,
    observe(request, reply) {
      requests.observe(
        {
          method: request.method,
          // The route's pattern (/api/games/:id), never the raw URL: a bounded set of labels.
          route: request.routeOptions.url ?? "unmatched",
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    },
  };
}
