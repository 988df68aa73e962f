import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { fromRoot } from "../lib/project-root.ts";
import { backfillCourtTimeZones } from "./backfill-courts.ts";
import type { Database } from "./client.ts";
import { installJobQueue } from "./job-queue.ts";

export const MIGRATIONS_FOLDER = fromRoot("migrations");

/** The newest migration this build ships (Drizzle records each applied one by its `when`). */
export const newestMigrationAt = () =>
  Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );

// Any fixed number: instances starting together take turns at migrating.
const MIGRATION_LOCK_ID = 7_240_311;

/** The app's tables (Drizzle's migrations), then the job queue's (pg-boss installs its own). */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the two drivers' database types differ only in their HKT
    await migratePglite(database.db as any, config);
    await backfillCourtTimeZones(database.db);
    await installJobQueue(database);
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migrateNodePg(tx as any, config);
    await backfillCourtTimeZones(tx);
  });
  await installJobQueue(database);
}
