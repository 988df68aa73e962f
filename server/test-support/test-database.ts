import fs from "node:fs/promises";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { scratchDatabase } from "./scratch-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A migrated database to copy (tests/setup/database-template.ts): a PGlite dump file, or the
     * name of a template database on TEST_DATABASE_URL's server.
     */
    databaseTemplate?: string;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 * Under the suite's global setup it is a copy of a database migrated once for the run (opening
 * an empty PGlite and migrating it costs seconds a file); otherwise it is migrated here.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (!adminUrl) {
    if (template) {
      return openPglite(undefined, { loadDataDir: new Blob([await fs.readFile(template)]) });
    }
    const database = await openPglite();
    await migrateDatabase(database);
    return database;
  }
  const scratch = await scratchDatabase(adminUrl, "bwb_test", template);
  const database = openPostgres(scratch.url, { max: 20 });
  if (!template) await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
