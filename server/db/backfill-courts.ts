import { sql } from "drizzle-orm";
import { timeZoneAt } from "../lib/time-zone.ts";
import type { Queryable } from "./client.ts";
import { queryRows } from "./query-rows.ts";
import { courts } from "./schema.ts";

const BATCH = 5_000;

/**
 * Courts made before time zones were stored get theirs here, in JavaScript (the zone map is not
 * in SQL), right after the migrations. Once every row has one, the NOT VALID check of migration
 * 0011 is validated, so from then on this costs one catalogue read per start.
 */
export async function backfillCourtTimeZones(db: Queryable): Promise<number> {
  const [state] = await queryRows<{ convalidated: boolean }>(
    db,
    sql`select convalidated from pg_constraint where conname = 'courts_time_zone_set'`,
  );
  if (!state || state.convalidated) return 0;
  const rows = await queryRows<{ id: number; latitude: number; longitude: number }>(
    db,
    sql`select id, latitude, longitude from ${courts} where time_zone is null order by id`,
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const ids = batch.map((row) => row.id);
    const zones = batch.map((row) => timeZoneAt(row.latitude, row.longitude));
    await db.execute(sql`
      update ${courts} set time_zone = z.zone
      from unnest(${sql.param(ids)}::int4[], ${sql.param(zones)}::text[]) as z(id, zone)
      where ${courts.id} = z.id`);
  }
  await db.execute(sql`alter table ${courts} validate constraint courts_time_zone_set`);
  return rows.length;
}
