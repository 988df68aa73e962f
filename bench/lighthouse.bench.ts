/**
 * Benchmark of what a visitor meets first (issue 13; not a test, prints figures):
 *
 *   node --import tsx bench/lighthouse.bench.ts [--courts 10000] [--runs 3] [--marker-runs 5]
 *     [--only lighthouse|marker] [--pages /,/courts] [--skip-build] [--trace] [--details]
 *
 * Builds the client (unless --skip-build), seeds a fresh PGlite folder with the demo data plus
 * N synthetic courts (scripts/seed-many-courts.ts), starts the built app on it and then:
 *
 * 1. Lighthouse 12 (mobile profile, simulated throttling, Debian's Chromium) `--runs` times on
 *    /, /courts, /leaderboard, a demo game and a court's page: medians of the four category
 *    scores, LCP, TBT, CLS and bytes, and the audits that cost points.
 * 2. The first court marker on /courts (desktop 1280×800, no throttling): from navigation start
 *    until the first marker element is in the DOM and a frame has been painted, against
 *    bench/bare-leaflet.html given the same map size, view and court tile requests, taken in
 *    turns in one run. Then long tasks (PerformanceObserver "longtask") while panning /courts.
 *
 * Map tiles come from a blank tile server of the bench's own (the machine may be offline), for
 * both pages; the bare page reaches the app's API through the bench's server (one local hop).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import { sql } from "drizzle-orm";
import lighthouse from "lighthouse";
import { type Browser, chromium } from "playwright-core";
import { PNG } from "pngjs";
import { initialView } from "../client/src/components/map/map-view.ts";
import { leafletViewState } from "../client/src/features/courts/map/leaflet-view.ts";
import { courtTileUrl, viewTiles } from "../client/src/features/courts/map/view-tiles.ts";
import { seedManyCourts } from "../scripts/seed-many-courts.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { queryRows } from "../server/db/query-rows.ts";
import { seedIfEmpty } from "../server/db/seed/seed.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const COURTS = Number(option("courts") ?? 10_000);
const RUNS = Number(option("runs") ?? 3);
const MARKER_RUNS = Number(option("marker-runs") ?? 5);
const ONLY = option("only");
const PAGES = option("pages")?.split(",");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const log = (message: string) => console.log(`[bench] ${message}`);

async function seed(dataDir: string) {
  const database = await openConfiguredDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateDatabase(database);
    await seedIfEmpty(database.db, () => {}, { demo: true });
    const started = performance.now();
    await database.db.transaction((tx) => seedManyCourts(tx, COURTS));
    log(`${COURTS} synthetic courts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [game] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from games order by id limit 1`,
    );
    const [court] = await queryRows<{ id: number }>(
      database.db,
      sql`select court_id as id from games order by id limit 1`,
    );
    if (!game || !court) throw new Error("the demo data has no game");
    return { gameId: game.id, courtId: court.id };
  } finally {
    await database.close();
  }
}

/** Blank map tiles, Leaflet's files, the bare page, and /api passed on to the app. */
function startHelper(appPort: () => number) {
  const png = new PNG({ width: 256, height: 256 });
  png.data.fill(0xee);
  const tile = PNG.sync.write(png);
  const leaflet = path.join(ROOT, "node_modules/leaflet/dist");
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.startsWith("/tiles/")) {
      res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" });
      res.end(tile);
    } else if (url.pathname === "/bare") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(fs.readFileSync(path.join(ROOT, "bench/bare-leaflet.html")));
    } else if (url.pathname.startsWith("/leaflet/")) {
      const file = path.join(leaflet, path.basename(url.pathname));
      const type = file.endsWith(".css") ? "text/css" : "text/javascript";
      res.writeHead(200, { "content-type": type });
      res.end(fs.readFileSync(file));
    } else if (url.pathname.startsWith("/api/")) {
      const upstream = http.request(
        { host: "127.0.0.1", port: appPort(), path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise<{ port: number; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() }),
    ),
  );
}

async function startApp(dataDir: string, port: number, tileUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-only-secret-bench-only-secret-0123456789",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      TILE_URL: tileUrl,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the app did not start in 90 s");
}

type LighthouseRun = {
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  failing: string[];
};

const MAIN_THREAD_AUDITS = [
  // What LCP is and where its time goes (TTFB, load delay, load time, render delay).
  "largest-contentful-paint-element",
  "bootup-time",
  "mainthread-work-breakdown",
  "long-tasks",
  "unused-javascript",
];

/** --details: what a failing audit names (the console's errors, the images, the issues). */
function logDetails(url: string, id: string, details: unknown) {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  for (const item of items.slice(0, 8)) {
    log(`  ${new URL(url).pathname} ${id}: ${JSON.stringify(item).slice(0, 600)}`);
  }
}

async function runLighthouse(url: string): Promise<LighthouseRun | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json" });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not finish (its trace, a protocol timeout) scores 0 everywhere:
    // said, and left out of the medians rather than counted as the page's score.
    if (runtimeError) {
      log(
        `  ${new URL(url).pathname}: Lighthouse failed: ${runtimeError.code} ${runtimeError.message}`,
      );
      return null;
    }
    const scores: Record<string, number> = {};
    const failing: string[] = [];
    for (const [name, category] of Object.entries(categories)) {
      scores[name] = Math.round((category.score ?? 0) * 100);
      if (name === "performance") continue;
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          failing.push(`${name}:${ref.id}`);
          if (process.argv.includes("--details")) logDetails(url, ref.id, audit.details);
        }
      }
    }
    if (process.argv.includes("--details")) {
      // What runs on the main thread before the page is usable (TBT's sources).
      for (const id of MAIN_THREAD_AUDITS) logDetails(url, id, audits[id]?.details);
    }
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      scores,
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      bytes: value("total-byte-weight"),
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

async function lighthouseSection(base: string, pages: Record<string, string>) {
  const rows: string[] = [];
  for (const [label, pathname] of Object.entries(pages)) {
    const runs: LighthouseRun[] = [];
    let failed = 0;
    // A run Lighthouse could not finish is run again (up to RUNS more times), so the medians
    // are of RUNS finished runs: its NO_NAVSTART comes and goes on this machine.
    while (runs.length < RUNS && failed < RUNS) {
      const run = await runLighthouse(`${base}${pathname}`);
      if (run) runs.push(run);
      else failed += 1;
    }
    const m = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
    const score = (name: string) => m((run) => run.scores[name] ?? 0);
    const failing = [...new Set(runs.flatMap((run) => run.failing))];
    rows.push(
      [
        label.padEnd(14),
        `perf ${score("performance")}`,
        `a11y ${score("accessibility")}`,
        `best ${score("best-practices")}`,
        `seo ${score("seo")}`,
        `LCP ${(m((r) => r.lcp) / 1000).toFixed(2)} s`,
        // Its spread too: run to run on a 2-core machine it moves by hundreds of milliseconds,
        // and with it the performance score (decisions §78).
        `TBT ${m((r) => r.tbt).toFixed(0)} ms (${spread(runs.map((r) => r.tbt))})`,
        `CLS ${m((r) => r.cls).toFixed(3)}`,
        `${(m((r) => r.bytes) / 1024).toFixed(0)} KB`,
        failed ? `(${failed} failed, ${runs.length} of ${RUNS} finished)` : "",
        failing.length ? `fails: ${failing.join(" ")}` : "",
      ].join("  "),
    );
    log(rows.at(-1) ?? "");
  }
  return rows;
}

/**
 * Installed before any page script: when the first marker is in the DOM, then painted. A marker
 * is Leaflet's (`.leaflet-marker-icon`, `.leaflet-interactive`).
 */
const MARKER_PROBE = `
  window.__bench = { inDom: null, painted: null, longTasks: [], csp: [] };
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__bench.csp.push(event.violatedDirective + " " + event.blockedURI);
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  const found = () => document.querySelector(".leaflet-marker-icon, .leaflet-interactive");
  const observer = new MutationObserver(() => {
    if (window.__bench.inDom !== null || !found()) return;
    window.__bench.inDom = performance.now();
    window.__bench.first = found().className;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      window.__bench.painted = performance.now();
      window.__benchPainted();
    }));
  });
  observer.observe(document, { childList: true, subtree: true });
`;

type Probe = {
  inDom: number | null;
  painted: number | null;
  /** The first marker's classes. */
  first?: string;
  /** Each long task's start (ms since navigation) and duration. */
  longTasks: [number, number][];
  csp: string[];
};

/** The directory's map box on a 1280×800 desktop, as laid out by the server's page. */
async function mapBoxSize(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await page.evaluate(() => {
      const box = document.querySelector("[data-courts-map]");
      return { width: box?.clientWidth ?? 0, height: box?.clientHeight ?? 0 };
    });
  } finally {
    await context.close();
  }
}

async function markerSection(base: string, helper: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const overview = (await (await fetch(`${base}/api/courts/overview`)).json()) as {
      bounds: number[] | null;
    };
    if (!overview.bounds) throw new Error("no courts");
    const tiles = `${helper}/tiles/{z}/{x}/{y}.png`;
    // The bare page gets the directory's map box size and first view's court tiles: the same
    // view, the same requests (the app's own view arithmetic, leaflet-view.ts).
    const size = await mapBoxSize(browser, `${base}/courts`);
    const bounds = overview.bounds as [number, number, number, number];
    const courtTiles = viewTiles(leafletViewState(initialView(bounds, null), size)).map((tile) =>
      courtTileUrl(tile, ""),
    );
    const bareUrl = `${helper}/bare?${new URLSearchParams({
      bbox: bounds.join(","),
      tiles,
      size: `${size.width},${size.height}`,
      courtTiles: courtTiles.join(" "),
    })}`;
    const firstMarker = async (url: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      // Told by a binding, not polled: waitForFunction evaluates Playwright's injected script in
      // the page (30–40 ms of main thread) just when the marker's data arrives.
      let painted = () => {};
      const told = new Promise<void>((resolve) => {
        painted = resolve;
      });
      await page.exposeFunction("__benchPainted", () => painted());
      await page.addInitScript(MARKER_PROBE);
      await page.goto(url);
      await told;
      const probe = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
      if (process.argv.includes("--trace")) {
        const entries = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((e) => e as PerformanceResourceTiming)
            .map((e) => `${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ${e.name}`)
            .concat(
              [
                ...performance.getEntriesByType("paint"),
                ...performance.getEntriesByType("mark"),
              ].map((e) => `${e.startTime.toFixed(0)} ${e.entryType} ${e.name}`),
              performance.getEntriesByType("navigation").map((e) => {
                const n = e as PerformanceNavigationTiming;
                const at = [n.requestStart, n.responseStart, n.responseEnd].map((t) =>
                  t.toFixed(0),
                );
                return `${at.join("-")} the page (asked, first byte, last byte)`;
              }),
            ),
        );
        console.log(
          `${url}: marker ${probe.inDom?.toFixed(0)} (${probe.first})\n  ${entries.join("\n  ")}`,
        );
        if (probe.csp.length) console.log(`  CSP violations: ${probe.csp.join(", ")}`);
      }
      return { page, context, probe };
    };
    const app: Probe[] = [];
    const bare: Probe[] = [];
    // A warm-up of each, then turns: the server's shared answers are as warm for both.
    for (const url of [`${base}/courts`, bareUrl]) await (await firstMarker(url)).context.close();
    for (let i = 0; i < MARKER_RUNS; i++) {
      for (const [url, into] of [
        [`${base}/courts`, app],
        [bareUrl, bare],
      ] as const) {
        const { context, probe } = await firstMarker(url);
        into.push(probe);
        await context.close();
      }
    }
    const inDom = (probes: Probe[]) => median(probes.map((p) => p.inDom ?? Number.NaN));
    const painted = (probes: Probe[]) => median(probes.map((p) => p.painted ?? Number.NaN));
    const rows = [
      `first marker  /courts in DOM ${inDom(app).toFixed(0)} ms, painted ${painted(app).toFixed(0)} ms`,
      `first marker  bare    in DOM ${inDom(bare).toFixed(0)} ms, painted ${painted(bare).toFixed(0)} ms`,
      `first marker  ratio (painted) ${(painted(app) / painted(bare)).toFixed(2)}×`,
    ];

    // Panning: long tasks not over before the first drag began, while the map is dragged about.
    // By their times: the observer reports a task some time after it ends, so one of the page's
    // load that ended before the drags can arrive after they began.
    const { page, context } = await firstMarker(`${base}/courts`);
    const box = await page.locator(".leaflet-container").boundingBox();
    if (!box) throw new Error("no map");
    const panStart = await page.evaluate(() => performance.now());
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const moves: [number, number][] = [
      [200, 0],
      [0, 150],
      [-250, -100],
      [120, 80],
      [-150, 60],
    ];
    for (const [dx, dy] of moves) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dy, { steps: 12 });
      await page.mouse.up();
      await page.waitForTimeout(600);
    }
    await page.mouse.dblclick(cx, cy);
    await page.waitForTimeout(1500);
    const tasks = (
      await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench.longTasks)
    ).filter(([start, took]) => start + took > panStart);
    const when = tasks.map(
      ([start, took]) => `${took.toFixed(0)} ms at +${(start - panStart).toFixed(0)}`,
    );
    rows.push(
      `panning       long tasks ${tasks.length}, longest ${Math.max(0, ...tasks.map(([, took]) => took)).toFixed(0)} ms${when.length ? ` (${when.join(", ")} ms after the first drag began)` : ""}`,
    );
    await context.close();
    for (const row of rows) log(row);
    return rows;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!process.argv.includes("--skip-build")) {
    log("building the client and the server's renderer…");
    // Both builds: the client and the server's renderer of first screens (dist/server).
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-lighthouse-"));
  let app: ChildProcess | undefined;
  let appPort = 0;
  const helper = await startHelper(() => appPort);
  try {
    const { gameId, courtId } = await seed(dataDir);
    appPort = await freePort();
    const helperBase = `http://127.0.0.1:${helper.port}`;
    app = await startApp(dataDir, appPort, `${helperBase}/tiles/{z}/{x}/{y}.png`);
    const base = `http://127.0.0.1:${appPort}`;
    const all: Record<string, string> = {
      "/": "/",
      "/courts": "/courts",
      "/leaderboard": "/leaderboard",
      "/game/{id}": `/game/${gameId}`,
      "/courts/{id}": `/courts/${courtId}`,
    };
    const pages = Object.fromEntries(
      Object.entries(all).filter(([label]) => !PAGES || PAGES.includes(label)),
    );
    const rows: string[] = [];
    if (ONLY !== "marker") rows.push(...(await lighthouseSection(base, pages)));
    if (ONLY !== "lighthouse") rows.push(...(await markerSection(base, helperBase)));
    console.log(
      `\n${COURTS} courts, Lighthouse medians of ${RUNS}, markers medians of ${MARKER_RUNS}`,
    );
    for (const row of rows) console.log(row);
  } finally {
    if (app && app.exitCode === null) {
      app.kill("SIGTERM");
      await new Promise((resolve) => app?.once("exit", resolve));
    }
    helper.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
