/**
 * Benchmark of the courts directory at scale (not a test; prints figures):
 *
 *   node --import tsx bench/courts.bench.ts [--count 10000] [--seconds 5]
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/courts.bench.ts   (a scratch database!)
 *
 * 1. GET /api/courts with N synthetic courts against GET /api/healthz in the same run, on
 *    loopback with 10 concurrent fetch loops: the ratio says what the list costs beyond a
 *    request that does one trivial query, whatever the machine.
 * 2. The client's filter, sort and clustering over the same N courts.
 */
import { Worker } from "node:worker_threads";
import { clusterCourts } from "../client/src/features/courts/court-clusters.ts";
import {
  applyFilters,
  type CourtFilters,
  DEFAULT_FILTERS,
  filterCourts,
} from "../client/src/features/courts/court-filters.ts";
import type { Court } from "../common/courts.ts";
import { seedManyCourts } from "../scripts/seed-many-courts.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const COUNT = arg("count", 10_000);
const SECONDS = arg("seconds", 5);
const CONCURRENCY = 10;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

type LoadResult = { requests: number; perSecond: number; p50: number; p95: number };

// The fetch loops run in a worker thread: reading 3 MB bodies on the server's own event loop
// would bill the client's work to the server.
const LOAD_WORKER = `
const { parentPort, workerData: { url, headers, seconds, concurrency } } = require("node:worker_threads");
(async () => {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(url + ": " + response.status);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  parentPort.postMessage({ latencies, elapsed: (performance.now() - started) / 1000 });
})();
`;

/** CONCURRENCY loops fetching `url` for `seconds`; every body is read to the end. */
async function load(url: string, headers: Record<string, string>, seconds = SECONDS) {
  const workerData = { url, headers, seconds, concurrency: CONCURRENCY };
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData });
  const { latencies, elapsed } = await new Promise<{ latencies: number[]; elapsed: number }>(
    (resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    },
  );
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  } satisfies LoadResult;
}

/** One request at a time: the latency a single visitor sees. */
async function single(url: string, headers: Record<string, string>, runs = 10) {
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 0.5);
}

/** Wire size as a browser gets it: undici's fetch decodes, so ask the raw response. */
async function wireBytes(url: string, encoding: string): Promise<number> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": encoding } }, (response) => {
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on("end", () => resolve(size));
    })
      .on("error", reject)
      .end();
  });
}

function time(label: string, runs: number, work: () => unknown) {
  work(); // warm-up (and the search-text cache on first use)
  const started = performance.now();
  for (let i = 0; i < runs; i++) work();
  console.log(`  ${label.padEnd(44)} ${ms((performance.now() - started) / runs)}`);
}

async function openDatabase(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  return url ? openPostgres(url) : openPglite();
}

const database = await openDatabase();
await migrateDatabase(database);
const started = performance.now();
await seedManyCourts(database.db, COUNT);
console.log(
  `${database.kind}: ${COUNT} synthetic courts seeded in ${ms(performance.now() - started)}`,
);

const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }) });
const base = await app.listen({ port: 0, host: "127.0.0.1" });

try {
  const identity = { "accept-encoding": "identity" };
  const gzip = { "accept-encoding": "gzip" };
  for (const path of ["/api/healthz", "/api/courts"]) await load(`${base}${path}`, identity, 1);

  const courts = (await (await fetch(`${base}/api/courts`)).json()) as Court[];
  const plain = await wireBytes(`${base}/api/courts`, "identity");
  const gzipped = await wireBytes(`${base}/api/courts`, "gzip");
  const brotli = await wireBytes(`${base}/api/courts`, "br");
  console.log(
    `\nGET /api/courts: ${courts.length} courts, ${(plain / 1e6).toFixed(2)} MB JSON ` +
      `(${Math.round(plain / courts.length)} B/court), gzip ${(gzipped / 1e3).toFixed(0)} kB, br ${(brotli / 1e3).toFixed(0)} kB`,
  );

  console.log(
    `One request at a time (median of 10): healthz ${ms(await single(`${base}/api/healthz`, identity))}, ` +
      `courts ${ms(await single(`${base}/api/courts`, identity))}, ` +
      `courts gzip ${ms(await single(`${base}/api/courts`, gzip))}, ` +
      `courts br ${ms(await single(`${base}/api/courts`, { "accept-encoding": "br" }))}`,
  );

  console.log(`\nLoad: ${CONCURRENCY} concurrent loops for ${SECONDS} s each, loopback`);
  const health = await load(`${base}/api/healthz`, identity);
  const rows: [string, LoadResult][] = [
    ["/api/healthz", health],
    ["/api/courts (identity)", await load(`${base}/api/courts`, identity)],
    ["/api/courts (gzip)", await load(`${base}/api/courts`, gzip)],
    ["/api/courts (br)", await load(`${base}/api/courts`, { "accept-encoding": "br" })],
  ];
  for (const [label, r] of rows) {
    console.log(
      `  ${label.padEnd(24)} ${r.perSecond.toFixed(1).padStart(8)} req/s  p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ` +
        `ratio to healthz ${(health.perSecond / r.perSecond).toFixed(1)}x`,
    );
  }

  console.log(`\nClient over ${courts.length} courts (mean per run)`);
  const withFilters = (changes: Partial<CourtFilters>) => ({ ...DEFAULT_FILTERS, ...changes });
  time("filter: defaults (all)", 50, () => filterCourts(courts, DEFAULT_FILTERS));
  time("filter: search 'test court 04242'", 50, () =>
    filterCourts(courts, withFilters({ search: "test court 04242" })),
  );
  time("filter: search 'chicago il' + lit + free", 50, () =>
    filterCourts(courts, withFilters({ search: "chicago il", litOnly: true, freeOnly: true })),
  );
  time("filter + sort: Highest Rated", 20, () => applyFilters(courts, DEFAULT_FILTERS));
  time("filter + sort: Name A-Z", 20, () => applyFilters(courts, withFilters({ sort: "name" })));
  time("filter + sort: Most Active, indoor", 20, () =>
    applyFilters(courts, withFilters({ sort: "active", courtType: "indoor" })),
  );
  let index = clusterCourts(courts);
  time("cluster index build (supercluster)", 10, () => {
    index = clusterCourts(courts);
  });
  const us: [number, number, number, number] = [-125, 24, -66, 50];
  time("markers in view: US at zoom 4", 50, () => index.itemsIn(us, 4));
  console.log(`  markers at zoom 4 over the US: ${index.itemsIn(us, 4).length}`);
} finally {
  await app.close();
  await database.close();
}
