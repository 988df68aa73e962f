import { loadConfig } from "../server/config.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";

const database = await openConfiguredDatabase(loadConfig());
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
