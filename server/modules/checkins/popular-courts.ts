import { asc, desc, eq } from "drizzle-orm";
import { POPULAR_COURTS_LIMIT } from "../../../common/checkins.ts";
import type { Court } from "../../../common/courts.ts";
import type { Db } from "../../db/client.ts";
import { courts } from "../../db/schema.ts";
import { withRetry } from "../../lib/retry.ts";
import { courtColumns } from "../courts/court-columns.ts";
import { expireStaleCheckIns } from "./service.ts";

/**
 * Active courts by live activity (open check-ins), then rating, then id so equal courts keep a
 * stable order. Run-out check-ins are closed first, in the same transaction, so a court is
 * never ranked on players who left hours ago.
 */
export async function popularCourts(db: Db, limit = POPULAR_COURTS_LIMIT): Promise<Court[]> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await expireStaleCheckIns(tx);
      return tx
        .select(courtColumns)
        .from(courts)
        .where(eq(courts.isActive, true))
        .orderBy(desc(courts.activePlayers), desc(courts.rating), asc(courts.id))
        .limit(limit);
    }),
  );
}
