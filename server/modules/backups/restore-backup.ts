import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Config } from "../../config.ts";
import { type Database, openPglite } from "../../db/client.ts";
import { lockDataDir } from "../../db/data-dir-lock.ts";
import { migrateDatabase, newestMigrationAt } from "../../db/migrate.ts";
import { pgliteDirOf } from "../../db/open.ts";
import { BackupError } from "./backup-file.ts";

/**
 * What the PostgreSQL restore is, said by `npm run db:restore` with DATABASE_URL set: into a new
 * database, never over the live one (pg_restore --clean cannot drop the job queue's partitioned
 * tables on PostgreSQL 15, and the old database stays as the way back); decision 112.
 */
export const POSTGRES_RESTORE = [
  "With DATABASE_URL set, restore with PostgreSQL's own tools into a new database, every instance of the app stopped:",
  '  psql "$DATABASE_URL" -c "create database bros_restored"',
  '  pg_restore --no-owner --single-transaction --exit-on-error --dbname "$RESTORED_URL" FILE',
  "($RESTORED_URL: DATABASE_URL with the database name bros_restored), then start the app with",
  "DATABASE_URL=$RESTORED_URL: it migrates a backup from an older build. The old database stays as it was.",
  "See the README, Backups.",
].join("\n");

export interface Restored {
  /** Where the database that was replaced now is (none when the data directory had none). */
  replaced?: string;
  /** Migrations the backup lacked, applied after loading it. */
  migrationsApplied: number;
}

/**
 * `npm run db:restore -- FILE` on the embedded database, the server stopped (the data
 * directory's lock says so; a running server makes this throw DataDirLockedError). The backup
 * is loaded beside the live database and checked there — it opens, it is this app's, it is not
 * from a newer build — and migrated; only then is the live database moved aside (kept, not
 * deleted) and the restored one put in its place. A file that is not a backup changes nothing.
 */
export async function restoreBackup(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  file: string,
): Promise<Restored> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_RESTORE);
  const backup = await fsp.readFile(file).catch((error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "ENOENT" ? "there is no such file" : (error.code ?? error.message);
    throw new BackupError(`Cannot read ${file}: ${reason}. Nothing was changed.`);
  });
  const tarball = new Blob([backup]);
  const release = lockDataDir(config.dataDir);
  try {
    const live = pgliteDirOf(config.dataDir);
    // Left by a restore that was killed halfway; nothing else writes there.
    const staging = `${live}.restoring`;
    await fsp.rm(staging, { recursive: true, force: true });
    let migrationsApplied: number;
    try {
      migrationsApplied = await loadAndMigrate(staging, tarball, file);
    } catch (error) {
      await fsp.rm(staging, { recursive: true, force: true });
      throw error;
    }
    let replaced: string | undefined;
    if (fs.existsSync(live)) {
      replaced = `${live}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await fsp.rename(live, replaced);
    }
    await fsp.rename(staging, live);
    return { replaced, migrationsApplied };
  } finally {
    release();
  }
}

async function loadAndMigrate(folder: string, tarball: Blob, file: string): Promise<number> {
  let database: Database;
  try {
    database = await openPglite(folder, { loadDataDir: tarball });
  } catch (error) {
    throw notABackup(file, error instanceof Error ? error.message : String(error));
  }
  try {
    const before = await appliedMigrations(database);
    if (!before) throw notABackup(file, "it holds no database of this app");
    if (before.newest > newestMigrationAt()) {
      throw new BackupError(
        `${file} was made by a newer build of the app (it has migrations this one lacks): restore it with that build or a later one.`,
      );
    }
    await migrateDatabase(database);
    const after = await appliedMigrations(database);
    return (after?.count ?? 0) - before.count;
  } finally {
    await database.close();
  }
}

const notABackup = (file: string, reason: string) =>
  new BackupError(
    `${file} is not a backup of the embedded database (npm run db:backup makes one): ${reason}. Nothing was changed.`,
  );

async function appliedMigrations(
  database: Database,
): Promise<{ count: number; newest: number } | undefined> {
  const [known] = (
    await database.execute("select to_regclass('drizzle.__drizzle_migrations') is not null as ours")
  ).rows;
  if (!known?.ours) return undefined;
  const [row] = (
    await database.execute(
      "select count(*)::int as count, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations",
    )
  ).rows;
  return { count: Number(row?.count ?? 0), newest: Number(row?.newest ?? 0) };
}
