import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openPostgres } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { fillEveryTable } from "../../test-support/fill-every-table.ts";
import { scratchDatabase } from "../../test-support/scratch-database.ts";
import { emptyTables, tableChecksums } from "../../test-support/table-checksums.ts";
import { freshPostgresDatabase } from "../../test-support/test-postgres.ts";
import { POSTGRES_RESTORE } from "./restore-backup.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
// Debian's PostgreSQL 15 client tools, as the README's restore path uses them.
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const PATH = `${PG_BIN}:${process.env.PATH ?? ""}`;

let source: { url: string; close(): Promise<void> };
let database: Database;
let folder: string;
const scratches: { drop(): Promise<void> }[] = [];

beforeAll(async () => {
  source = await freshPostgresDatabase();
  database = openPostgres(source.url);
  await migrateDatabase(database);
  await seedIfEmpty(database.db, () => {}, { demo: true });
  await fillEveryTable(database);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-pg-backup-"));
}, 240_000);

afterAll(async () => {
  await database?.close();
  for (const scratch of scratches) await scratch.drop();
  await source?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The README's pg_restore line, run as written for DATABASE_URL `url` and FILE `file`. */
async function documentedRestore(url: string, file: string) {
  const line = POSTGRES_RESTORE.split("\n")
    .find((l) => l.trim().startsWith("pg_restore "))
    ?.trim();
  if (!line) throw new Error("no pg_restore line in POSTGRES_RESTORE");
  const args = line
    .split(/\s+/)
    .slice(1)
    .map((arg) => (arg === '"$RESTORED_URL"' ? url : arg === "FILE" ? file : arg));
  await run("pg_restore", args, { env: { ...process.env, PATH } });
}

it("npm run db:backup runs pg_dump -Fc, and the documented pg_restore into a new database brings back every row of every table", async () => {
  const before = await tableChecksums(database.execute);
  expect(emptyTables(before).filter((t) => !t.startsWith("pgboss."))).toEqual([]);
  expect(before["pgboss.job"]).not.toMatch(/^0 /);

  const file = path.join(folder, "bros.dump");
  const backup = await run("node", ["--import", "tsx", "scripts/db-backup.ts", file], {
    cwd: ROOT,
    env: { ...process.env, PATH, DATABASE_URL: source.url },
  });
  expect(backup.stdout).toMatch(/^Backed up to .*bros\.dump \(\d+ bytes, by pg_dump\)/);
  // A custom-format archive (pg_restore's input), readable by its owner only.
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readdirSync(folder)).toEqual(["bros.dump"]);

  const adminUrl = new URL(source.url);
  adminUrl.pathname = "/postgres";
  const fresh = await scratchDatabase(adminUrl.href, "bwb_restored");
  scratches.push(fresh);
  await documentedRestore(fresh.url, file);
  const restored = openPostgres(fresh.url);
  try {
    expect(await tableChecksums(restored.execute)).toEqual(before);
  } finally {
    await restored.close();
  }

  // Into a database that is not empty, the restore fails as one transaction: nothing changes.
  await database.execute("delete from court_ratings");
  const changed = await tableChecksums(database.execute);
  await expect(documentedRestore(source.url, file)).rejects.toThrow(/already exists/);
  expect(await tableChecksums(database.execute)).toEqual(changed);
}, 240_000);

it("npm run db:backup with DATABASE_URL says what failed, and leaves no file, when pg_dump cannot reach the database", async () => {
  const file = path.join(folder, "unreachable.dump");
  const url = new URL(source.url);
  url.pathname = "/no_such_database";
  const failed = await run("node", ["--import", "tsx", "scripts/db-backup.ts", file], {
    cwd: ROOT,
    env: { ...process.env, PATH, DATABASE_URL: url.href },
  }).catch((error: { code: number; stderr: string }) => error);
  expect("code" in failed && failed.code).toBe(1);
  expect((failed as { stderr: string }).stderr).toMatch(
    /^pg_dump failed: .*database "no_such_database" does not exist/m,
  );
  expect(fs.existsSync(file)).toBe(false);
  expect(fs.readdirSync(folder).filter((name) => name.includes("unreachable"))).toEqual([]);
}, 60_000);
