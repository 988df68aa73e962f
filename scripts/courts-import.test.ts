import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../server/db/data-dir-lock.ts";
import { runScript } from "../server/test-support/run-script.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIXTURES = path.join(ROOT, "tests/fixtures/osm");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-courts-import-"));
const dropDatabases: (() => Promise<void>)[] = [];
afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  for (const drop of dropDatabases) await drop();
});

/**
 * Where the command imports to, like the rest of the suite: a new PostgreSQL database through
 * DATABASE_URL when TEST_DATABASE_URL is set, else a PGlite data directory (DATA_DIR).
 */
async function target(): Promise<{ env: Record<string, string>; name: RegExp }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { env: { DATA_DIR: path.join(scratch, "data") }, name: / into PGlite in / };
  const database = `bwb_import_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${database}`);
  dropDatabases.push(() => run(`drop database if exists ${database} with (force)`));
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return { env: { DATABASE_URL: url.href }, name: / into PostgreSQL in / };
}

/** `npm run courts:import -- FILE` as an operator runs it, with these settings. */
const courtsImport = (args: string[], settings: Record<string, string>) =>
  runScript("courts-import.ts", args, settings);

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("npm run courts:import", { timeout: 120_000 }, () => {
  const dataDir = { DATA_DIR: path.join(scratch, "plain") };

  it("imports an extract with progress on stderr and a summary on stdout, then changes nothing", async () => {
    const { env, name } = await target();
    const first = await courtsImport([path.join(FIXTURES, "santa-monica.osm.pbf")], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Imported .*santa-monica\.osm\.pbf \(OpenStreetMap PBF\) into /);
    expect(first.stdout).toMatch(name);
    expect(first.stdout).toContain("  read      91 elements (81 nodes, 8 ways, 2 relations)");
    expect(first.stdout).toContain("  kept      6 basketball courts");
    expect(first.stdout).toContain("  new       6");
    expect(first.stdout).toContain(
      "  skipped   2: 1 relation that is not a multipolygon; 1 way or multipolygon whose nodes are not in the extract",
    );
    // Not a terminal: plain progress lines, no carriage returns.
    expect(first.stderr).toContain("Pass 1 · Finding basketball courts: 100%");
    expect(first.stderr).toContain("Pass 3 of 3 · Reading node positions: done in");
    expect(first.stderr).not.toContain("\r");

    const again = await courtsImport([path.join(FIXTURES, "santa-monica.osm")], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("  new       0");
    expect(again.stdout).toContain("  unchanged 6");
    expect(again.stdout).toContain("  retired   0");
  });

  it("ends a bad file with one line and exit code 1", async () => {
    const garbage = path.join(scratch, "photo.osm.pbf");
    fs.writeFileSync(garbage, Buffer.from("\x89PNG\r\n\x1a\n not a map"));
    const bad = await courtsImport([garbage], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(lines(bad.stderr)).toEqual([
      `courts:import: ${garbage} is not in a known format: expected OpenStreetMap PBF, OSM XML or Overpass JSON`,
    ]);

    const usage = await courtsImport([], dataDir);
    expect(usage.code).toBe(1);
    expect(lines(usage.stderr)).toEqual([
      "Usage: npm run courts:import -- FILE  (an .osm.pbf, .osm or Overpass JSON file)",
    ]);
  });

  it("refuses, before reading, a data directory a running server holds", async () => {
    const held = path.join(scratch, "held");
    // This test process stands in for the server: it holds the data directory's lock.
    const release = lockDataDir(held);
    try {
      const refused = await courtsImport([path.join(FIXTURES, "vaduz.osm.pbf")], {
        DATA_DIR: held,
      });
      expect(refused.code).toBe(1);
      expect(lines(refused.stderr)).toEqual([
        `courts:import: The data directory ${held} is in use by another server (pid ${process.pid}). Stop it first, or set DATA_DIR to another folder.`,
      ]);
      expect(fs.readdirSync(held)).toEqual(["server.lock"]);
    } finally {
      release();
    }
  });
});
