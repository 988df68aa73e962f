import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { courts } from "../db/schema.ts";
import type { ImportedCourt } from "./court-fields.ts";

/** Imports take turns: two at once would both insert the same new elements. */
const IMPORT_LOCK_ID = 7_240_313;
const BATCH = 2_000;

export type Applied = {
  added: number;
  updated: number;
  /** Of `updated`: courts retired earlier that the extract has again. */
  reactivated: number;
  unchanged: number;
  retired: number;
  /** Courts players edited: the extract's version was not written over theirs. */
  keptPlayerEdits: number;
};

type Existing = {
  id: number;
  osm_type: string;
  osm_id: string | number;
  is_active: boolean;
  edited: boolean;
} & Record<(typeof FACTS)[number][1], unknown>;

/** The court fields an import owns, as [ImportedCourt key, column]. */
const FACTS = [
  ["name", "name"],
  ["address", "address"],
  ["city", "city"],
  ["latitude", "latitude"],
  ["longitude", "longitude"],
  ["timeZone", "time_zone"],
  ["isIndoor", "is_indoor"],
  ["courtType", "court_type"],
  ["numberOfCourts", "number_of_courts"],
  ["lighting", "lighting"],
  ["freeToPlay", "free_to_play"],
  ["description", "description"],
  ["surface", "surface"],
  ["openingHours", "opening_hours"],
] as const satisfies readonly (readonly [keyof ImportedCourt, string])[];

const PG_TYPES: Record<(typeof FACTS)[number][1], string> = {
  name: "text",
  address: "text",
  city: "text",
  latitude: "float8",
  longitude: "float8",
  time_zone: "text",
  is_indoor: "bool",
  court_type: "text",
  number_of_courts: "int4",
  lighting: "bool",
  free_to_play: "bool",
  description: "text",
  surface: "text",
  opening_hours: "text",
};

const keyOf = (type: string, id: number | string) => `${type}/${id}`;

function sameFacts(court: ImportedCourt, row: Existing): boolean {
  return FACTS.every(([key, column]) => {
    const mine = court[key];
    const theirs = row[column];
    if (typeof mine === "number") return Math.abs(mine - Number(theirs)) < 1e-9;
    return mine === theirs;
  });
}

/** unnest() arguments and the matching column list for a batch of courts. */
function columnsOf(batch: readonly ImportedCourt[]) {
  const arrays = FACTS.map(
    ([key, column]) =>
      sql`${sql.param(batch.map((court) => court[key]))}::${sql.raw(PG_TYPES[column])}[]`,
  );
  const names = FACTS.map(([, column]) => sql.raw(column));
  return { arrays: sql.join(arrays, sql`, `), names: sql.join(names, sql`, `) };
}

async function insertCourts(tx: Queryable, batch: readonly ImportedCourt[]) {
  const { arrays, names } = columnsOf(batch);
  await tx.execute(sql`
    insert into ${courts} (source, osm_type, osm_id, ${names})
    select 'osm', u.osm_type, u.osm_id, ${names}
    from unnest(
      ${sql.param(batch.map((c) => c.osmType))}::text[],
      ${sql.param(batch.map((c) => c.osmId))}::int8[],
      ${arrays}
    ) as u(osm_type, osm_id, ${names})`);
}

async function updateCourts(tx: Queryable, batch: readonly { id: number; court: ImportedCourt }[]) {
  const { arrays, names } = columnsOf(batch.map((b) => b.court));
  const assignments = sql.join(
    FACTS.map(([, column]) => sql`${sql.raw(column)} = u.${sql.raw(column)}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${courts} set ${assignments}, is_active = true, updated_at = now()
    from unnest(${sql.param(batch.map((b) => b.id))}::int4[], ${arrays}) as u(id, ${names})
    where ${courts.id} = u.id`);
}

function inBatches<T>(items: readonly T[], run: (batch: T[]) => Promise<void>) {
  return (async () => {
    for (let start = 0; start < items.length; start += BATCH) {
      await run(items.slice(start, start + BATCH));
    }
  })();
}

/**
 * Writes one extract's courts in a single transaction, so an interrupted import leaves the
 * database exactly as it was and the next run starts over. Keyed by the OpenStreetMap element:
 * new elements are added, changed ones updated (and brought back if retired), and courts of
 * earlier imports that lie in the extract's area but are no longer in it are retired — never
 * deleted, so their games and check-ins keep their court. Courts players edited keep the
 * players' version, and courts players or the demo data created are never touched.
 */
export async function applyImport(
  db: Db,
  imported: readonly ImportedCourt[],
  covers: (latitude: number, longitude: number) => boolean,
): Promise<Applied> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
    const factColumns = sql.join(
      FACTS.map(([, column]) => sql.raw(column)),
      sql`, `,
    );
    const rows = await queryRows<Existing>(
      tx,
      sql`select id, osm_type, osm_id, is_active, player_edited_at is not null as edited,
          ${factColumns}
        from ${courts} where osm_id is not null and source = 'osm'`,
    );
    const existing = new Map(rows.map((row) => [keyOf(row.osm_type, row.osm_id), row]));
    const result: Applied = {
      added: 0,
      updated: 0,
      reactivated: 0,
      unchanged: 0,
      retired: 0,
      keptPlayerEdits: 0,
    };

    const added: ImportedCourt[] = [];
    const changed: { id: number; court: ImportedCourt }[] = [];
    const seen = new Set<string>();
    for (const court of imported) {
      const key = keyOf(court.osmType, court.osmId);
      if (seen.has(key)) continue; // the same element twice in one file
      seen.add(key);
      const row = existing.get(key);
      if (!row) {
        added.push(court);
      } else if (row.edited) {
        result.keptPlayerEdits += 1;
      } else if (!row.is_active || !sameFacts(court, row)) {
        changed.push({ id: row.id, court });
        if (!row.is_active) result.reactivated += 1;
      } else {
        result.unchanged += 1;
      }
    }
    const retired: number[] = [];
    for (const [key, row] of existing) {
      if (seen.has(key) || !row.is_active) continue;
      if (!covers(Number(row.latitude), Number(row.longitude))) continue;
      if (row.edited) result.keptPlayerEdits += 1;
      else retired.push(row.id);
    }

    await inBatches(added, (batch) => insertCourts(tx, batch));
    await inBatches(changed, (batch) => updateCourts(tx, batch));
    await inBatches(retired, async (ids) => {
      await tx.execute(sql`update ${courts} set is_active = false, updated_at = now()
        where ${courts.id} = any(${sql.param(ids)}::int4[])`);
    });
    result.added = added.length;
    result.updated = changed.length;
    result.retired = retired.length;
    return result;
  });
}
