import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIXTURES = path.join(ROOT, "tests/fixtures/osm");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-courts-import-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run courts:import -- FILE` as an operator runs it, on a PGlite data directory. */
function courtsImport(args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/courts-import.ts", ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("npm run courts:import", { timeout: 120_000 }, () => {
  const dataDir = path.join(scratch, "data");

  it("imports an extract with progress on stderr and a summary on stdout, then changes nothing", async () => {
    const first = await courtsImport([path.join(FIXTURES, "santa-monica.osm.pbf")], dataDir);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Imported .*santa-monica\.osm\.pbf \(OpenStreetMap PBF\) into PGlite/,
    );
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

    const again = await courtsImport([path.join(FIXTURES, "santa-monica.osm")], dataDir);
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
    fs.mkdirSync(held);
    // This test process stands in for the server: a live pid in the lock file.
    fs.writeFileSync(path.join(held, "server.pid"), String(process.pid));
    const refused = await courtsImport([path.join(FIXTURES, "vaduz.osm.pbf")], held);
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([
      `courts:import: The data directory ${held} is in use by another server (pid ${process.pid}). Stop it first, or set DATA_DIR to another folder.`,
    ]);
    expect(fs.readdirSync(held)).toEqual(["server.pid"]);
  });
});
