import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../client.ts";
import { courts, users } from "../schema.ts";
import { DEMO_COURTS } from "./demo-courts.ts";
import { seedDemoData } from "./demo-data.ts";
import { DEMO_GAMES } from "./demo-games.ts";
import { DEMO_PLAYERS } from "./demo-players.ts";
import { loadLocationSuggestions, SEED_LOCK_ID } from "./location-suggestions.ts";

async function isEmpty(db: Queryable): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [court] = await db.select({ id: courts.id }).from(courts).limit(1);
  return !user && !court;
}

/**
 * Run at every start: loads the US cities into location_suggestions once, and on a database
 * with no users and no courts the demo set. A second call changes nothing. Instances starting
 * together on one PostgreSQL take turns through an advisory lock and seed once. Production
 * passes `demo: false`: its users should never meet made-up players.
 */
export async function seedIfEmpty(
  db: Db,
  log: (message: string) => void = () => {},
  options: { demo?: boolean } = {},
): Promise<void> {
  const started = performance.now();
  const cities = await loadLocationSuggestions(db);
  log(
    cities > 0
      ? `Loaded ${cities} US cities into location_suggestions in ${Math.round(performance.now() - started)} ms`
      : "Location suggestions already loaded",
  );

  if (options.demo === false) return;
  if (!(await isEmpty(db))) {
    log("Database has users or courts: demo data not loaded");
    return;
  }
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isEmpty(tx))) return false; // another instance seeded while this one waited
    await seedDemoData(tx);
    return true;
  });
  log(
    seeded
      ? `Loaded demo data: ${DEMO_COURTS.length} courts, ${DEMO_PLAYERS.length} players, ${DEMO_GAMES.length} games`
      : "Database has users or courts: demo data not loaded",
  );
}
