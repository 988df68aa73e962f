/**
 * Benchmark of the courts directory at national scale and of the OpenStreetMap import (not a
 * test; prints figures, compared within one run):
 *
 *   node --import tsx bench/courts.bench.ts [--today 10000] [--courts 100000] [--seconds 5]
 *     [--nodes 3000000] [--only directory|import]
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/courts.bench.ts   (a scratch server!)
 *
 * 1. The map's data for one view at N courts (the overview, the view's tiles and the first page
 *    of cards, fetched together as the directory does) against what the directory downloaded
 *    before: the whole GET /api/courts list at 10,000 courts (its old query, kept here), and
 *    GET /api/healthz as the floor. Warm (every viewer shares the instance's answers) and cold
 *    (the first viewer after a court changed).
 * 2. Import throughput: a synthetic extract of a few million elements, as .osm.pbf (osmium) and
 *    .osm XML, read by a child process with V8's heap held to 256 MB (bounded memory), then
 *    imported whole by another; each reports its peak memory.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { type BBox, courtTileZoom, mercatorY, tilesCovering } from "../common/map-tiles.ts";
import { seedManyCourts } from "../scripts/seed-many-courts.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { queryRows } from "../server/db/query-rows.ts";
import { courts } from "../server/db/schema.ts";
import { writeSyntheticExtract } from "./synthetic-extract.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const TODAY_COURTS = arg("today", 10_000);
const COURTS = arg("courts", 100_000);
const SECONDS = arg("seconds", 5);
const NODES = arg("nodes", 3_000_000);
const CONCURRENCY = 10;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1e3).toFixed(1)} kB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

// A "view" is every request the directory makes for one map view, fetched together as the
// browser does; the loops run in a worker thread so reading bodies is not billed to the server.
const LOAD_WORKER = `
const { parentPort, workerData: { urls, headers, seconds, concurrency } } = require("node:worker_threads");
(async () => {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  const view = () => Promise.all(urls.map(async (url) => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(url + ": " + response.status);
  }));
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await view();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  parentPort.postMessage({ latencies, elapsed: (performance.now() - started) / 1000 });
})();
`;

type Load = { perSecond: number; p50: number; p95: number };

async function load(urls: string[], headers: Record<string, string>, seconds = SECONDS) {
  const workerData = { urls, headers, seconds, concurrency: CONCURRENCY };
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
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  } satisfies Load;
}

/** Bytes on the wire as a browser gets them (undici's fetch would decode). */
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

async function openDatabase(name: string): Promise<Database> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return openPglite();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const maintenance = openPostgres(admin, { max: 1 });
  await maintenance.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await maintenance.db.execute(sql.raw(`create database ${name}`));
  await maintenance.close();
  return openPostgres(url.href);
}

async function seeded(name: string, count: number) {
  const database = await openDatabase(name);
  await migrateDatabase(database);
  const started = performance.now();
  await seedManyCourts(database.db, count);
  await database.db.execute(sql`analyze courts`);
  console.log(
    `${database.kind}: ${count.toLocaleString("en-US")} courts seeded in ${ms(performance.now() - started)}`,
  );
  return database;
}

/** The directory before this change: every active court as one JSON array (its old query). */
function todaysCourtList(database: Database) {
  const c = courts;
  return async () => {
    const [row] = await queryRows<{ body: string }>(
      database.db,
      sql`
      select coalesce(json_agg(court order by court.id), '[]')::text as body from (
        select ${c.id} as "id", ${c.name} as "name", ${c.address} as "address",
          ${c.latitude} as "latitude", ${c.longitude} as "longitude", ${c.isIndoor} as "isIndoor",
          ${c.courtType} as "courtType", ${c.numberOfCourts} as "numberOfCourts",
          ${c.lighting} as "lighting", ${c.freeToPlay} as "freeToPlay", ${c.rating} as "rating",
          ${c.description} as "description", ${c.amenities} as "amenities",
          ${c.activePlayers} as "activePlayers"
        from ${c} where ${c.isActive}) as court`,
    );
    return row?.body ?? "[]";
  };
}

/** What a 1280 × 544 px map (the directory's on a laptop) shows around a point at a zoom. */
function viewAround(lat: number, lng: number, zoom: number): BBox {
  const worldPx = 256 * 2 ** zoom;
  const halfWidth = (1280 / 2 / worldPx) * 360;
  const y = mercatorY(lat) * worldPx;
  const latitudeAt = (py: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldPx))) * 180) / Math.PI;
  return [lng - halfWidth, latitudeAt(y + 272), lng + halfWidth, latitudeAt(y - 272)];
}

/** Every URL the directory asks for one view (overview, court tiles with margin, a page). */
function viewUrls(base: string, bbox: BBox, zoom: number, extra = "") {
  const [w, s, e, n] = bbox;
  const dx = (e - w) * 0.15;
  const dy = (n - s) * 0.15;
  const tiles = tilesCovering([w - dx, s - dy, e + dx, n + dy], courtTileZoom(zoom)).map(
    ({ z, x, y }) => `${base}/api/courts/tiles/${z}/${x}/${y}${extra ? `?${extra}` : ""}`,
  );
  const box = bbox.map((v) => v.toFixed(5)).join(",");
  const list = `${base}/api/courts?${extra ? `${extra}&` : ""}sort=rating&bbox=${box}&offset=0&limit=24`;
  return [`${base}/api/courts/overview`, ...tiles, list];
}

async function directoryBenchmark() {
  const config = loadConfig({ NODE_ENV: "test" });
  const today = await seeded("bwb_bench_today", TODAY_COURTS);
  const national = await seeded("bwb_bench_national", COURTS);
  const todayApp = await buildApp({ database: today, config });
  const listAll = todaysCourtList(today);
  todayApp.get("/bench/todays-courts", async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(await listAll()),
  );
  const nationalApp = await buildApp({ database: national, config });
  const todayBase = await todayApp.listen({ port: 0, host: "127.0.0.1" });
  const base = await nationalApp.listen({ port: 0, host: "127.0.0.1" });
  const br = { "accept-encoding": "br" };
  try {
    const views: [string, string[]][] = [
      ["the US at zoom 4 (first view)", viewUrls(base, viewAround(39.8, -98.6, 4), 4)],
      ["Los Angeles at zoom 11", viewUrls(base, viewAround(34.05, -118.25, 11), 11)],
      [
        "Chicago at zoom 13, lit + free",
        viewUrls(base, viewAround(41.88, -87.63, 13), 13, "lit=true&free=true"),
      ],
      [
        "search 'test court 042'",
        [`${base}/api/courts?q=test%20court%20042&sort=rating&offset=0&limit=24`],
      ],
    ];
    const todayUrl = `${todayBase}/bench/todays-courts`;
    const todayBytes = await wireBytes(todayUrl, "br");
    console.log(
      `\nBefore: GET /api/courts sent all ${TODAY_COURTS.toLocaleString("en-US")} courts in one answer: ` +
        `${kb(await wireBytes(todayUrl, "identity"))} JSON, ${kb(todayBytes)} with brotli`,
    );
    console.log(
      `Now, at ${COURTS.toLocaleString("en-US")} courts, one view's requests and bytes (brotli):`,
    );
    for (const [label, urls] of views) {
      let bytes = 0;
      for (const url of urls) bytes += await wireBytes(url, "br");
      console.log(
        `  ${label.padEnd(34)} ${String(urls.length).padStart(2)} requests, ${kb(bytes)}`,
      );
    }

    console.log("\nCold: the first viewer after a court changed (median of 5, one view at a time)");
    for (const [label, urls] of views.slice(0, 3)) {
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        await national.db.execute(sql`update courts set rating = rating where id = ${i + 1}`);
        await new Promise((resolve) => setTimeout(resolve, 1_100)); // instances re-read the version each second
        const started = performance.now();
        await Promise.all(
          urls.map(async (url) => (await fetch(url, { headers: br })).arrayBuffer()),
        );
        latencies.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(34)} ${ms(percentile(latencies, 0.5))}`);
    }

    console.log(`\nWarm: ${CONCURRENCY} viewers in loops for ${SECONDS} s each, loopback, brotli`);
    const health = await load([`${base}/api/healthz`], br);
    const before = await load([todayUrl], br);
    const rows: [string, Load][] = [
      ["GET /api/healthz", health],
      [`before: all ${TODAY_COURTS.toLocaleString("en-US")} courts`, before],
    ];
    for (const [label, urls] of views) rows.push([`view: ${label}`, await load(urls, br)]);
    for (const [label, r] of rows) {
      console.log(
        `  ${label.padEnd(42)} ${r.perSecond.toFixed(1).padStart(8)} /s  p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ` +
          `${(r.perSecond / before.perSecond).toFixed(1).padStart(6)}x the old list's rate`,
      );
    }
  } finally {
    await todayApp.close();
    await nationalApp.close();
    await today.close();
    await national.close();
  }
}

/** Reading runs with V8's heap held to this: it proves the read needs no more, whatever the file. */
const READ_HEAP_MB = 256;

function importChild(file: string, env: NodeJS.ProcessEnv, readOnly = false) {
  const args = readOnly
    ? [
        `--max-old-space-size=${READ_HEAP_MB}`,
        "--import",
        "tsx",
        "bench/import-child.ts",
        file,
        "--read-only",
      ]
    : ["--import", "tsx", "bench/import-child.ts", file];
  const child = spawnSync(process.execPath, args, {
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`import failed: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as {
    seconds: number;
    readSeconds: number;
    elements: number;
    added: number;
    peakMb: number;
  };
}

async function importBenchmark() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-bench-import-"));
  try {
    const started = performance.now();
    const extract = await writeSyntheticExtract(path.join(dir, "synthetic"), NODES);
    const xmlMb = fs.statSync(extract.xml).size / 1e6;
    const pbfMb = fs.statSync(extract.pbf).size / 1e6;
    console.log(
      `\nImport: a synthetic extract of ${extract.elements.toLocaleString("en-US")} elements ` +
        `(${extract.courts.toLocaleString("en-US")} courts), XML ${xmlMb.toFixed(0)} MB, PBF ${pbfMb.toFixed(1)} MB, ` +
        `written in ${ms(performance.now() - started)}`,
    );
    const admin = process.env.BENCH_DATABASE_URL;
    for (const [label, file] of [
      ["PBF", extract.pbf],
      ["XML", extract.xml],
    ] as const) {
      const env: NodeJS.ProcessEnv = admin
        ? { DATABASE_URL: await freshPostgres(admin, "bwb_bench_import") }
        : { DATA_DIR: fs.mkdtempSync(path.join(dir, "data-")) };
      const read = importChild(file, {}, true);
      const run = importChild(file, env);
      const rate = (seconds: number) =>
        Math.round(run.elements / seconds)
          .toLocaleString("en-US")
          .padStart(10);
      console.log(
        `  ${label} read only:    ${rate(read.seconds)} elements/s (${read.seconds.toFixed(1)} s), ` +
          `peak memory ${read.peakMb.toFixed(0)} MB with the heap held to ${READ_HEAP_MB} MB`,
      );
      console.log(
        `  ${label} whole import: ${rate(run.seconds)} elements/s (${run.seconds.toFixed(1)} s with a new ` +
          `${admin ? "PostgreSQL database" : "PGlite directory"}; reading ${run.readSeconds.toFixed(1)} s), ` +
          `${run.added.toLocaleString("en-US")} courts written, peak memory ${run.peakMb.toFixed(0)} MB`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function freshPostgres(admin: string, name: string): Promise<string> {
  const maintenance = openPostgres(admin, { max: 1 });
  await maintenance.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await maintenance.db.execute(sql.raw(`create database ${name}`));
  await maintenance.close();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

// --only directory | --only import: one half of the run.
const only = process.argv[process.argv.indexOf("--only") + 1];
if (!process.argv.includes("--only") || only === "directory") await directoryBenchmark();
if (!process.argv.includes("--only") || only === "import") await importBenchmark();
