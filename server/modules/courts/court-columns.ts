import { sql } from "drizzle-orm";
import { CHECK_IN_HOURS } from "../../../common/checkins.ts";
import type { Court } from "../../../common/courts.ts";
import { courtCheckIns, courts } from "../../db/schema.ts";

/**
 * A check-in open past its lifetime: already ended for every read, though the maintenance
 * sweep closes its row (and takes it off `courts.active_players`) only in the background.
 * Found through court_check_ins_open_since_idx, so there are only ever the few that ran out
 * since the last sweep.
 */
export const staleCheckInSql = sql`${courtCheckIns.checkedOutAt} is null and ${courtCheckIns.checkedInAt} <= now() - ${sql.raw(`interval '${CHECK_IN_HOURS} hours'`)}`;

/** Courts with a run-out check-in still counted in their kept counter. */
export const staleCourtIdsSql = sql`select ${courtCheckIns.courtId} from ${courtCheckIns} where ${staleCheckInSql}`;

/**
 * Who is on the court now (spelled with table names: Drizzle drops them in a one-table select): the kept counter less its run-out check-ins (a probe of the open
 * check-ins by court), so no read has to write to be right.
 */
export const livePlayersSql = sql<number>`greatest(0, "courts"."active_players" - (select count(*) from ${courtCheckIns} where "court_check_ins"."court_id" = "courts"."id" and ${staleCheckInSql})::int)`;

/**
 * A court as every list answers it (common/courts.ts courtSchema): the select of all courts
 * reads. The time zone is never null (migration 0011's check); coalesce only tells the types.
 */
export const courtColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  latitude: courts.latitude,
  longitude: courts.longitude,
  isIndoor: courts.isIndoor,
  courtType: courts.courtType,
  numberOfCourts: courts.numberOfCourts,
  lighting: courts.lighting,
  freeToPlay: courts.freeToPlay,
  rating: courts.rating,
  description: courts.description,
  amenities: courts.amenities,
  activePlayers: livePlayersSql.mapWith(Number),
  surface: courts.surface,
  openingHours: courts.openingHours,
  timeZone: sql<string>`coalesce(${courts.timeZone}, 'UTC')`,
} satisfies Record<keyof Court, unknown>;
