import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";
import { queryRows } from "./query-rows.ts";

/**
 * Rows per statement for background clean-ups: small enough that the embedded database (the
 * server's only thread) is held a few milliseconds at a time, whatever has piled up (a server
 * that was down for a week, a first start on an old database).
 */
export const BATCH_ROWS = 500;

const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `batch` (returns how many rows it handled) until one is not full, letting waiting
 * requests run between batches. Returns the total.
 */
export async function inBatches(batch: () => Promise<number>, size = BATCH_ROWS): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < size) return total;
    await yieldToRequests();
  }
}

/** Deletes the rows of `table` matching `where`, `size` per statement (see inBatches). */
export function deleteInBatches(
  db: Queryable,
  table: PgTable,
  where: SQL,
  size = BATCH_ROWS,
): Promise<number> {
  return inBatches(async () => {
    const rows = await queryRows(
      db,
      sql`delete from ${table} where ctid in
        (select ctid from ${table} where ${where} limit ${size}) returning 1 as one`,
    );
    return rows.length;
  }, size);
}
