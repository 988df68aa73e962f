import { eq } from "drizzle-orm";
import { POPULAR_COURTS_LIMIT } from "../../../common/checkins.ts";
import type { Court } from "../../../common/courts.ts";
import type { Queryable } from "../../db/client.ts";
import { courts } from "../../db/schema.ts";
import { courtsByActivity } from "./active-order.ts";

/**
 * Active courts by live activity (open check-ins), then rating, then id so equal courts keep a
 * stable order. A read only: check-ins past their lifetime are not counted (court-columns.ts),
 * and the maintenance sweep closes them in the background.
 */
export async function popularCourts(db: Queryable, limit = POPULAR_COURTS_LIMIT): Promise<Court[]> {
  return courtsByActivity(db, eq(courts.isActive, true), limit);
}
