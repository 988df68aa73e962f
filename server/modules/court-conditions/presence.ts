import { and, eq, sql } from "drizzle-orm";
import {
  NOT_AT_COURT,
  REPORT_CHECK_IN_HOURS,
  REPORT_NEAR_METERS,
} from "../../../common/court-conditions.ts";
import { METERS_PER_MILE, milesBetween } from "../../../common/geo.ts";
import type { Position } from "../../../common/position.ts";
import type { Queryable } from "../../db/client.ts";
import { courtCheckIns } from "../../db/schema.ts";
import { forbidden } from "../../lib/http-error.ts";

export type Basis = "check_in" | "position";

const RECENT = sql.raw(`interval '${REPORT_CHECK_IN_HOURS} hours'`);

/**
 * Why the player counts as being at the court, or 403: a check-in there that began within
 * REPORT_CHECK_IN_HOURS (open or already ended), else the browser position they sent, within
 * REPORT_NEAR_METERS of it. The position is the player's word, like a check-in is; both are
 * recorded with the report so a pattern of abuse can be traced.
 */
export async function basisAtCourt(
  db: Queryable,
  userId: string,
  court: { id: number; latitude: number; longitude: number },
  position: Position | undefined,
): Promise<Basis> {
  const [recent] = await db
    .select({ id: courtCheckIns.id })
    .from(courtCheckIns)
    .where(
      and(
        eq(courtCheckIns.userId, userId),
        eq(courtCheckIns.courtId, court.id),
        sql`${courtCheckIns.checkedInAt} > now() - ${RECENT}`,
      ),
    )
    .limit(1);
  if (recent) return "check_in";
  const miles = position ? milesBetween(position, court) : null;
  if (miles !== null && miles * METERS_PER_MILE <= REPORT_NEAR_METERS) return "position";
  throw forbidden(NOT_AT_COURT);
}
