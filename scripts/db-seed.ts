import { ConfigError, loadConfig } from "../server/config.ts";
import { DataDirLockedError } from "../server/db/data-dir-lock.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { seedIfEmpty } from "../server/db/seed/seed.ts";

// Opens the database exactly as the server does (DATABASE_URL, else PGlite under
// DATA_DIR/pglite with the data-directory lock), migrates, then seeds what is missing.
try {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    console.log(`Database: ${database.kind}`);
    await migrateDatabase(database);
    console.log("Migrations applied.");
    await seedIfEmpty(database.db, (message) => console.log(message));
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Seeding failed:", error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
}
