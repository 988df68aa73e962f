import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CheckInPosition } from "../../../common/attendance.ts";
import { CHECK_IN_HOURS, type CheckIn } from "../../../common/checkins.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { courtCheckIns, courts, users } from "../../db/schema.ts";
import { notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { markPresentByCheckIn } from "../attendance/marks.ts";
import { COURT_NOT_FOUND } from "../courts/service.ts";
import { courtChanged, publish } from "../events/publish.ts";

const MAX_AGE = sql.raw(`interval '${CHECK_IN_HOURS} hours'`);
/**
 * When a check-in ends: the time of the statement, not now() (the transaction's start). A
 * transaction that began before another player's request but waited for the row lock would
 * otherwise end a check-in at a moment before it started; greatest() makes that impossible.
 */
const endedNow = sql`greatest(clock_timestamp(), ${courtCheckIns.checkedInAt})`;

/**
 * Closes every open check-in older than CHECK_IN_HOURS, as ended at that moment, and takes it
 * off its court's activePlayers, in one statement. Run at the start of every transaction that
 * changes or reads activePlayers, so the counter never counts a check-in that has run out.
 * Two transactions expiring the same row cannot both count it: the second one's update waits
 * for the first, then finds the row closed and skips it. Pages showing those courts' counts
 * are told (live events), with the caller's transaction. `limit`: at most that many (the
 * maintenance sweep's batches, the oldest first: read in the order of the open check-ins' index,
 * not sorted whole); returns how many ended.
 */
export async function expireStaleCheckIns(db: Queryable, limit?: number): Promise<number> {
  const stale = sql`checked_out_at is null and checked_in_at < now() - ${MAX_AGE}`;
  const picked =
    limit === undefined
      ? sql``
      : sql`and id in (select id from ${courtCheckIns} where ${stale} order by checked_in_at limit ${limit})`;
  const [result] = await queryRows<{ courts: number[] | null; ended: number }>(
    db,
    sql`
    with expired as (
      update ${courtCheckIns}
      set checked_out_at = checked_in_at + ${MAX_AGE}
      where ${stale} ${picked}
      returning court_id
    ), per_court as (
      select court_id, count(*)::int as n from expired group by court_id
    ), changed as (
      update ${courts} set active_players = greatest(0, active_players - per_court.n)
      from per_court where ${courts.id} = per_court.court_id
      returning ${courts.id} as id
    )
    select (select array_agg(id) from changed) as courts,
      (select coalesce(sum(n), 0)::int from per_court) as ended`,
  );
  await publish(
    db,
    (result?.courts ?? []).map((id) => courtChanged(id)),
  );
  return result?.ended ?? 0;
}

const openCheckInColumns = {
  id: courtCheckIns.id,
  courtId: courtCheckIns.courtId,
  courtName: courts.name,
  checkedInAt: courtCheckIns.checkedInAt,
};

type OpenRow = { id: number; courtId: number; courtName: string; checkedInAt: Date };

function toCheckIn(row: OpenRow): CheckIn {
  const expires = new Date(row.checkedInAt.getTime() + CHECK_IN_HOURS * 3_600_000);
  return { ...row, checkedInAt: row.checkedInAt.toISOString(), expiresAt: expires.toISOString() };
}

async function findOpen(db: Queryable, userId: string): Promise<OpenRow | undefined> {
  const [row] = await db
    .select(openCheckInColumns)
    .from(courtCheckIns)
    .innerJoin(courts, eq(courts.id, courtCheckIns.courtId))
    .where(and(eq(courtCheckIns.userId, userId), isNull(courtCheckIns.checkedOutAt)));
  return row;
}

/**
 * Adds `delta` to the courts' counters, locking them in id order so movers never deadlock.
 * "No key update", not "update": the check-in rows' foreign keys take key-share locks on their
 * court, which a plain FOR UPDATE would wait for (on PostgreSQL that deadlocked players moving
 * between two courts), while updating a counter never needs more than this lock.
 */
async function adjustActivePlayers(db: Queryable, changes: Map<number, number>): Promise<void> {
  const ids = [...changes.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .select({ id: courts.id })
    .from(courts)
    .where(inArray(courts.id, ids))
    .orderBy(asc(courts.id))
    .for("no key update");
  for (const id of ids) {
    const delta = changes.get(id) ?? 0;
    if (delta === 0) continue;
    await db
      .update(courts)
      .set({ activePlayers: sql`greatest(0, ${courts.activePlayers} + ${delta})` })
      .where(eq(courts.id, id));
  }
  await publish(db, ids.filter((id) => changes.get(id)).map(courtChanged));
}

/**
 * Opens a change to one player's check-ins: their users row is locked (no key update, so foreign
 * keys elsewhere still pass) so their simultaneous requests queue, and stale check-ins end first.
 */
async function startPlayerChange(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  await expireStaleCheckIns(tx);
}

/**
 * Checks the caller in at an active court (404 otherwise), closing an open check-in elsewhere,
 * all in one transaction that moves one player from the old court's counter to the new one's.
 * Checking in again where one already is changes nothing and answers the same check-in (its
 * three hours are not restarted: the time says when the player arrived).
 * The caller's users row is locked first (no key update: foreign keys elsewhere still pass), so
 * one player's simultaneous check-ins queue up instead of racing; the partial unique index (one
 * open check-in per user) stays the last word, and its violation, like a deadlock, retries the
 * whole transaction.
 */
export async function checkIn(
  db: Db,
  userId: string,
  courtId: number,
  position?: CheckInPosition,
): Promise<CheckIn> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await startPlayerChange(tx, userId);
      const [court] = await tx
        .select({
          id: courts.id,
          name: courts.name,
          latitude: courts.latitude,
          longitude: courts.longitude,
        })
        .from(courts)
        .where(and(eq(courts.id, courtId), eq(courts.isActive, true)));
      if (!court) throw notFound(COURT_NOT_FOUND);
      await markPresentByCheckIn(tx, userId, court, position);

      const open = await findOpen(tx, userId);
      if (open?.courtId === courtId) return toCheckIn(open);

      const changes = new Map<number, number>([[courtId, 1]]);
      if (open) {
        await tx
          .update(courtCheckIns)
          .set({ checkedOutAt: endedNow })
          .where(eq(courtCheckIns.id, open.id));
        changes.set(open.courtId, -1);
      }
      const [row] = await tx
        .insert(courtCheckIns)
        .values({ userId, courtId, checkedInAt: sql`clock_timestamp()` })
        .returning({ id: courtCheckIns.id, checkedInAt: courtCheckIns.checkedInAt });
      if (!row) throw new Error("check-in insert returned no row");
      await adjustActivePlayers(tx, changes);
      return toCheckIn({ ...row, courtId, courtName: court.name });
    }),
  );
}

/** Closes the caller's open check-in, if any; answers whether there was one. */
export async function checkOut(db: Db, userId: string): Promise<boolean> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await startPlayerChange(tx, userId);
      return endOpenCheckIn(tx, userId);
    }),
  );
}

/**
 * Ends the player's open check-in inside the caller's transaction, which has locked the
 * player's users row (check-out, account deletion); answers whether there was one.
 */
export async function endOpenCheckIn(tx: Tx, userId: string): Promise<boolean> {
  const [closed] = await tx
    .update(courtCheckIns)
    .set({ checkedOutAt: endedNow })
    .where(and(eq(courtCheckIns.userId, userId), isNull(courtCheckIns.checkedOutAt)))
    .returning({ courtId: courtCheckIns.courtId });
  if (!closed) return false;
  await adjustActivePlayers(tx, new Map([[closed.courtId, -1]]));
  return true;
}

/**
 * The caller's open check-in, or null: a read only, so one past its lifetime is treated as
 * ended here and closed by the next change or the maintenance sweep.
 */
export async function currentCheckIn(db: Db, userId: string): Promise<CheckIn | null> {
  const [open] = await db
    .select(openCheckInColumns)
    .from(courtCheckIns)
    .innerJoin(courts, eq(courts.id, courtCheckIns.courtId))
    .where(
      and(
        eq(courtCheckIns.userId, userId),
        isNull(courtCheckIns.checkedOutAt),
        sql`${courtCheckIns.checkedInAt} > now() - ${MAX_AGE}`,
      ),
    );
  return open ? toCheckIn(open) : null;
}
