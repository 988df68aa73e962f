import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";
import { queryRows } from "./query-rows.ts";

/**
 * Rows per statement for background clean-ups: small enough that the embedded database (the
 * server's only thread) is held a few milliseconds at a time, whatever has piled up (a server
 * that was down for a week, a first start on an old database).
 */
export const BATCH_ROWS = 500;

/** The longest rest between two batches. */
const MAX_REST_MS = 50;

/**
 * Between two batches of a background sweep, requests get the thread for as long as the batch
 * took (a timer, not setImmediate: one turn of the event loop served only the requests already
 * read, and the next batch queued ahead of those that came in meanwhile). So a sweep holds at
 * most about half of the embedded database, which runs on the server's only thread, and a
 * request waits for one batch at most. On PostgreSQL it only makes a sweep slower.
 */
export const restAfter = (batchMs: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(batchMs, 1), MAX_REST_MS)));

/**
 * Runs `batch` (returns how many rows it handled) until one is not full, letting waiting
 * requests run between batches (restAfter). Returns the total.
 */
export async function inBatches(batch: () => Promise<number>, size = BATCH_ROWS): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const done = await batch();
    total += done;
    if (done < size) return total;
    await restAfter(performance.now() - started);
  }
}

/**
 * How long one batch of a background sweep may hold the database: the embedded database runs on
 * the server's only thread, and nothing should keep requests waiting over ~50 ms (issue 12).
 */
export const STRETCH_MS = 15;

/**
 * Like inBatches, but each batch's size follows the time the last one took, aiming at
 * `targetMs`: a sweep whose rows are cheap grows up to `max` per batch, one whose rows are dear
 * (or a busy machine) shrinks down to `min`, so no batch holds the database much longer than
 * the target whatever the scale. Growth is at most double per batch. `batch` gets the size and
 * returns how many rows it handled; a batch not full ends the run. Returns the total.
 */
export async function inTimedBatches(
  batch: (size: number) => Promise<number>,
  sizes: { first: number; min?: number; max: number; targetMs?: number },
): Promise<number> {
  const { first, min = 1, max, targetMs = STRETCH_MS } = sizes;
  let size = first;
  let total = 0;
  for (;;) {
    const started = performance.now();
    const done = await batch(size);
    const took = performance.now() - started;
    total += done;
    if (done < size) return total;
    size = nextBatchSize(size, took, { min, max, targetMs });
    await restAfter(took);
  }
}

/** The size whose batch would take about `targetMs`, if the last (`size` rows) took `tookMs`. */
export function nextBatchSize(
  size: number,
  tookMs: number,
  limits: { min: number; max: number; targetMs: number },
): number {
  const fitting = Math.floor((size * limits.targetMs) / Math.max(tookMs, 0.1));
  return Math.max(limits.min, Math.min(limits.max, size * 2, fitting));
}

/**
 * Deletes the rows of `table` matching `where`, `size` per statement (see inBatches).
 * `indexOrder`: the indexed column `where` bounds. Each batch then walks that index and stops
 * at the first row past the bound. Without it the planner may pick a sequential scan, which
 * looks cheap while a good share of rows match, goes through more and more of the table as
 * the old rows go, and through all of it when nothing is left to delete.
 */
export function deleteInBatches(
  db: Queryable,
  table: PgTable,
  where: SQL,
  { size = BATCH_ROWS, indexOrder }: { size?: number; indexOrder?: PgColumn } = {},
): Promise<number> {
  return inBatches(async () => {
    const rows = await queryRows(db, batchDelete(table, where, size, indexOrder));
    return rows.length;
  }, size);
}

/**
 * One batch of deleteInBatches. `ctid = any(array(…))` reaches the rows by a TID scan; with
 * `ctid in (…)` the planner may join the batch's ids to a scan of the whole table.
 */
export function batchDelete(table: PgTable, where: SQL, size: number, indexOrder?: PgColumn): SQL {
  const order = indexOrder ? sql` order by ${indexOrder}` : sql``;
  return sql`delete from ${table} where ctid = any(array(
    select ctid from ${table} where ${where}${order} limit ${size})) returning 1 as one`;
}
