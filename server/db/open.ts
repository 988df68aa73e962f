import path from "node:path";
import type { Config } from "../config.ts";
import { type Database, openPglite, openPostgres, type PostgresOptions } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, "pglite");

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openConfiguredDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  postgresOptions: PostgresOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, postgresOptions);
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(pgliteDirOf(config.dataDir));
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
