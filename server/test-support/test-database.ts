import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite();
    await migrateDatabase(database);
    return database;
  }
  const scratch = await scratchDatabase(adminUrl, "bwb_test");
  const database = openPostgres(scratch.url, { max: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the server of `adminUrl` (a user with CREATEDB), and its dropping. */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}
