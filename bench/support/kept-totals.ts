import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import { seedPlayersAndGames } from "./players-and-games.ts";

const MIGRATIONS = new URL("../../migrations/", import.meta.url);

/**
 * The backfill statements of the kept totals' migrations (decisions 052 and 054), in
 * order: what an existing database gets when it is upgraded.
 */
function backfillStatements(): string[] {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /_kept_totals(_\w+)?_triggers\.sql$/.test(f))
    .sort();
  if (files.length === 0) throw new Error("no kept totals triggers migration");
  return files.flatMap((file) => {
    const text = readFileSync(new URL(file, MIGRATIONS), "utf8");
    const from = text.indexOf("-- Backfill");
    const to = text.indexOf("CREATE TRIGGER", from);
    return text
      .slice(from, to)
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => /^(--.*\n)*\s*(INSERT|UPDATE)/m.test(s));
  });
}

/**
 * Seeds as seedPlayersAndGames does, with the kept totals' triggers off (row by row they would
 * take hours at 200,000 games), then fills the kept tables by the migration's own backfill: the
 * state of a database upgraded with this data already in it.
 */
export async function seedWithKeptTotals(
  database: Database,
  options: Parameters<typeof seedPlayersAndGames>[1],
): Promise<number> {
  const db = database.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await seedPlayersAndGames(tx, options);
  });
  const started = performance.now();
  await db.transaction(async (tx) => {
    // As on upgrade, where the tables filled here had no triggers yet.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`truncate settled_games, player_games, player_totals, player_week_totals,
      player_courts, player_bros, totals_sweep, city_players, city_spellings`);
    for (const statement of backfillStatements()) await tx.execute(sql.raw(statement));
  });
  await db.execute(sql`analyze`);
  return performance.now() - started;
}
