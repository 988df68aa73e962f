import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../db/client.ts";
import { lockDataDir } from "../../db/data-dir-lock.ts";
import { MIGRATIONS_FOLDER, migrateDatabase, newestMigrationAt } from "../../db/migrate.ts";
import { openConfiguredDatabase } from "../../db/open.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { fillEveryTable } from "../../test-support/fill-every-table.ts";
import { emptyTables, tableChecksums } from "../../test-support/table-checksums.ts";
import { BackupError } from "./backup-file.ts";
import { POSTGRES_RESTORE, restoreBackup } from "./restore-backup.ts";
import { takeBackup } from "./take-backup.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

let root: string;
let sourceDir: string;
let backupFile: string;
let before: Record<string, string>;
/** A data directory restored from the backup, and its state: the refusals must leave it so. */
let target: string;
let unchanged: Awaited<ReturnType<typeof stateOf>>;

const folder = (name: string) => path.join(root, name);
const embedded = (dataDir: string) => ({ dataDir, databaseUrl: undefined });

/** An npm run db:… command as a user runs it, on DATA_DIR `dataDir`. */
async function command(script: "db-backup" | "db-restore", dataDir: string, file: string) {
  return run("node", ["--import", "tsx", `scripts/${script}.ts`, file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

// A restore migrates, and migrating has pg-boss restamp its queues and schedules (as every start
// of the server does): their rows are compared without the time of that.
const RESTAMPED = { "pgboss.queue": ["updated_on"], "pgboss.schedule": ["updated_on"] };

async function checksumsOf(dataDir: string) {
  const database = await openConfiguredDatabase(embedded(dataDir));
  try {
    return await tableChecksums(database.execute, RESTAMPED);
  } finally {
    await database.close();
  }
}

/** The data directory's entries, and the live database's checksums: what "nothing changed" means. */
async function stateOf(dataDir: string) {
  return { entries: fs.readdirSync(dataDir).sort(), tables: await checksumsOf(dataDir) };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-restore-"));
  sourceDir = folder("source");
  const database = await openConfiguredDatabase(embedded(sourceDir));
  await migrateDatabase(database);
  await seedIfEmpty(database.db, () => {}, { demo: true });
  await fillEveryTable(database);
  before = await tableChecksums(database.execute, RESTAMPED);
  await database.close();
  backupFile = folder("bros.tar.gz");
  expect(await command("db-backup", sourceDir, backupFile)).toMatchObject({
    code: 0,
    stdout: expect.stringMatching(
      /^Backed up to .*bros\.tar\.gz \(\d+ bytes, from the stopped data directory\)/,
    ),
  });
  target = folder("target");
  await restoreBackup(embedded(target), backupFile);
  unchanged = await stateOf(target);
}, 240_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run db:backup and db:restore on a stopped embedded database", () => {
  it("restore every row of every table into a new data directory, and over a database, which is kept aside", async () => {
    expect(emptyTables(before).filter((t) => !t.startsWith("pgboss."))).toEqual([]);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    const fresh = folder("fresh");
    const restored = await command("db-restore", fresh, backupFile);
    expect(restored).toMatchObject({
      code: 0,
      stdout: `Restored ${backupFile} into ${fresh} (0 migrations applied).\n`,
    });
    expect(await checksumsOf(fresh)).toEqual(before);

    // Over the source after changes: the changed database moves aside, whole.
    const database = await openConfiguredDatabase(embedded(sourceDir));
    await database.execute(
      "delete from court_ratings; update courts set name = name || ' (renamed)'",
    );
    const changed = await tableChecksums(database.execute, RESTAMPED);
    await database.close();
    const over = await restoreBackup(embedded(sourceDir), backupFile);
    expect(await checksumsOf(sourceDir)).toEqual(before);
    expect(over.replaced).toMatch(/\/source\/pglite\.replaced-[\d-]+T[\d-]+Z$/);
    const aside = await openPglite(over.replaced);
    try {
      expect(await tableChecksums(aside.execute, RESTAMPED)).toEqual(changed);
    } finally {
      await aside.close();
    }
  }, 240_000);

  it("refuse a file that is not a backup, with a clear message and nothing changed", async () => {
    const text = folder("notes.txt");
    fs.writeFileSync(text, "not a backup\n");
    const refused = await command("db-restore", target, text);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${text} is not a backup of the embedded database (npm run db:backup makes one): PGlite failed to initialize properly. Nothing was changed.\n`,
    );

    const empty = folder("empty.tar.gz");
    fs.writeFileSync(empty, "");
    await expect(restoreBackup(embedded(target), empty)).rejects.toThrow(
      /is not a backup of the embedded database/,
    );

    // A database, but not this app's: a bare PGlite's dump.
    const bare = await openPglite();
    const foreign = folder("foreign.tar.gz");
    const dump = await bare.dumpDataDir?.();
    if (!dump) throw new Error("PGlite dumps its files");
    fs.writeFileSync(foreign, Buffer.from(await dump.arrayBuffer()));
    await bare.close();
    await expect(restoreBackup(embedded(target), foreign)).rejects.toThrow(
      new BackupError(
        `${foreign} is not a backup of the embedded database (npm run db:backup makes one): it holds no database of this app. Nothing was changed.`,
      ),
    );

    await expect(restoreBackup(embedded(target), folder("missing.tar.gz"))).rejects.toThrow(
      /^Cannot read .*missing\.tar\.gz: there is no such file\. Nothing was changed\.$/,
    );
    expect(await stateOf(target)).toEqual(unchanged);
  }, 240_000);

  it("refuse to restore while a server holds the data directory, with nothing changed", async () => {
    const release = lockDataDir(target);
    try {
      const refused = await command("db-restore", target, backupFile);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^The data directory .*target is in use by another server \(pid \d+\)\. Stop it first/,
      );
    } finally {
      release();
    }
    expect(await stateOf(target)).toEqual(unchanged);
  }, 240_000);

  it("bring a backup from an older build up to date, and refuse one from a newer build", async () => {
    // An older build: this one's migrations but the last three.
    const olderMigrations = folder("older-migrations");
    fs.cpSync(MIGRATIONS_FOLDER, olderMigrations, { recursive: true });
    const journalFile = path.join(olderMigrations, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    const total = journal.entries.length;
    journal.entries = journal.entries.slice(0, -3);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const olderDir = folder("older");
    const older = await openConfiguredDatabase(embedded(olderDir));
    // biome-ignore lint/suspicious/noExplicitAny: the two drivers' database types differ only in their HKT
    await migrate(older.db as any, { migrationsFolder: olderMigrations });
    await older.close();
    const olderFile = folder("older.tar.gz");
    expect((await takeBackup(embedded(olderDir), olderFile)).source).toBe("data directory");

    const upgraded = folder("upgraded");
    expect(await restoreBackup(embedded(upgraded), olderFile)).toEqual({
      replaced: undefined,
      migrationsApplied: 3,
    });
    const database = await openConfiguredDatabase(embedded(upgraded));
    try {
      const { rows } = await database.execute(
        "select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations",
      );
      expect(rows[0]).toEqual({ n: total, newest: String(newestMigrationAt()) });
      // Migrated whole: the job queue's tables too.
      expect(
        (await database.execute("select count(*)::int as n from pgboss.queue")).rows[0]?.n,
      ).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    // A newer build: one migration more than this build knows.
    const newerDir = folder("newer");
    await restoreBackup(embedded(newerDir), backupFile);
    const newer = await openConfiguredDatabase(embedded(newerDir));
    await newer.execute(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', ${newestMigrationAt() + 1})`,
    );
    await newer.close();
    const newerFile = folder("newer.tar.gz");
    await takeBackup(embedded(newerDir), newerFile);
    await expect(restoreBackup(embedded(target), newerFile)).rejects.toThrow(
      /newer\.tar\.gz was made by a newer build of the app \(it has migrations this one lacks\)/,
    );
    expect(await stateOf(target)).toEqual(unchanged);
  }, 240_000);

  it("db:backup refuses a data directory without a database, and a file in a missing folder, writing nothing", async () => {
    const nothing = folder("nothing");
    const refused = await command("db-backup", nothing, folder("nothing.tar.gz"));
    expect(refused).toMatchObject({
      code: 1,
      stderr: `There is no database in ${nothing} to back up.\n`,
    });
    expect(fs.existsSync(nothing)).toBe(false);
    expect(fs.existsSync(folder("nothing.tar.gz"))).toBe(false);

    await expect(takeBackup(embedded(sourceDir), folder("no/such/folder.tar.gz"))).rejects.toThrow(
      new BackupError(`The folder ${folder("no/such")} does not exist: create it first.`),
    );
  }, 60_000);

  it("db:restore with DATABASE_URL says how to restore PostgreSQL, changing nothing", async () => {
    await expect(
      restoreBackup(
        { dataDir: folder("unused"), databaseUrl: "postgres://bros@127.0.0.1:1/bros" },
        backupFile,
      ),
    ).rejects.toThrow(new BackupError(POSTGRES_RESTORE));
    expect(fs.existsSync(folder("unused"))).toBe(false);
  });
});
