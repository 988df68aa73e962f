import type { Queryable } from "../db/client.ts";
import { courtCheckIns } from "../db/schema.ts";

/**
 * Past check-ins written straight to the table (the API only checks in now): `minutes` long,
 * or still open when minutes is null.
 */
export async function insertCheckIns(
  db: Queryable,
  rows: { userId: string; courtId: number; at: Date; minutes: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(courtCheckIns).values(
    rows.map(({ userId, courtId, at, minutes }) => ({
      userId,
      courtId,
      checkedInAt: at,
      checkedOutAt: minutes === null ? null : new Date(at.getTime() + minutes * 60_000),
    })),
  );
}
