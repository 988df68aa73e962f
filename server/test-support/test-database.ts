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
  const name = `bwb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.href, { max: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
