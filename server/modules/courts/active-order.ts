import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { Court } from "../../../common/courts.ts";
import type { Queryable } from "../../db/client.ts";
import { courts } from "../../db/schema.ts";
import { courtColumns, staleCourtIdsSql } from "./court-columns.ts";

const byActivity = (a: Court, b: Court) =>
  b.activePlayers - a.activePlayers || b.rating - a.rating || a.id - b.id;

/**
 * One page of courts, most players first, then rating, then id, walking courts_popular_idx.
 * The kept counter can still count check-ins that ran out since the last sweep, so it orders
 * only the courts without one (for them it is exact); the few courts with one are read apart
 * with their live count and merged in. Any court of the true page is in one of the two sets,
 * and the first set ranks its members as the true order does, so the merge is that page.
 */
export async function courtsByActivity(
  db: Queryable,
  condition: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<Court[]> {
  const exact = await byCounter(db, condition, offset + limit);
  const recounted = await withRunOutCheckIns(db, condition);
  return [...exact, ...recounted].sort(byActivity).slice(offset, offset + limit);
}

/** The courts without a run-out check-in, top first by their counter (courts_popular_idx). */
export const byCounter = (db: Queryable, condition: SQL | undefined, limit: number) =>
  db
    .select(courtColumns)
    .from(courts)
    .where(and(condition, sql`${courts.id} not in (${staleCourtIdsSql})`))
    .orderBy(desc(courts.activePlayers), desc(courts.rating), asc(courts.id))
    .limit(limit);

/** The few courts with a run-out check-in (court_check_ins_open_since_idx). */
export const withRunOutCheckIns = (db: Queryable, condition: SQL | undefined) =>
  db
    .select(courtColumns)
    .from(courts)
    .where(and(condition, sql`${courts.id} in (${staleCourtIdsSql})`));
