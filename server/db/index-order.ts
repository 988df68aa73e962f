import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

/**
 * Runs `work` where the planner cannot read a box of rows through a bitmap. It guesses a
 * handful of rows in any box (a fixed selectivity for `<@`), so it would read every row in a
 * busy circle and sort them; without bitmaps it walks the GiST index in its order and stops at
 * the page (games_place_time_gist_idx §55).
 */
export function inIndexOrder<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return work(tx);
  });
}
