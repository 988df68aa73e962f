/**
 * Inserts N synthetic courts (default 10,000) for the benchmark and the e2e scale test:
 *
 *   DATA_DIR=/tmp/bwb-scale node --import tsx scripts/seed-many-courts.ts [--count 10000]
 *   DATABASE_URL=postgres://… node --import tsx scripts/seed-many-courts.ts --count 5000
 *
 * It opens the database the way the server does (so never while a server holds that DATA_DIR),
 * migrates it and appends the courts. Names are plainly synthetic ("Test Court 00001") so they
 * can never pass for real places. They sit around real US cities (GeoNames, population 10,000+,
 * larger cities drawn more often) in the contiguous states only: Alaska's Aleutians cross the
 * 180th meridian and would stretch the map's "fit all courts" view around the globe.
 */
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import type { Queryable } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { openConfiguredDatabase } from "../server/db/open.ts";
import { courts } from "../server/db/schema.ts";
import { usCityRows } from "../server/db/seed/location-suggestions.ts";
import { timeZoneAt } from "../server/lib/time-zone.ts";

export const DEFAULT_COURT_COUNT = 10_000;
const MIN_ANCHOR_POPULATION = 10_000;
const JITTER_DEGREES = 0.12; // about 13 km: courts spread over a city, not stacked on its centre
const AMENITY_SETS = [
  ["Restrooms", "Water fountain"],
  ["Parking"],
  ["Restrooms", "Bleachers", "Parking"],
  [],
];

/** A small deterministic generator (mulberry32): the same seed gives the same courts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Anchor {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  population: number;
}

async function anchorCities(): Promise<Anchor[]> {
  const rows = await usCityRows();
  return rows
    .filter((r) => (r.population ?? 0) >= MIN_ANCHOR_POPULATION)
    .filter((r) => r.state !== "AK" && r.state !== "HI")
    .map((r) => ({
      city: r.city,
      state: r.state,
      latitude: r.latitude,
      longitude: r.longitude,
      population: r.population ?? 0,
    }));
}

/** Picks anchors with weight √population: big cities get more courts, small ones still some. */
function weightedPicker(anchors: Anchor[], next: () => number): () => Anchor {
  const cumulative: number[] = [];
  let total = 0;
  for (const anchor of anchors) {
    total += Math.sqrt(anchor.population);
    cumulative.push(total);
  }
  return () => {
    const target = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return anchors[lo] as Anchor;
  };
}

export type SyntheticCourt = typeof courts.$inferInsert;

export async function syntheticCourts(count: number, seed = 42): Promise<SyntheticCourt[]> {
  const next = random(seed);
  const pick = weightedPicker(await anchorCities(), next);
  const width = Math.max(4, String(count).length);
  return Array.from({ length: count }, (_, i) => {
    const anchor = pick();
    const number = String(i + 1).padStart(width, "0");
    const isIndoor = next() < 0.3;
    const latitude = Number((anchor.latitude + (next() - 0.5) * 2 * JITTER_DEGREES).toFixed(5));
    const longitude = Number((anchor.longitude + (next() - 0.5) * 2 * JITTER_DEGREES).toFixed(5));
    return {
      name: `Test Court ${number}`,
      address: `${100 + Math.floor(next() * 9900)} Synthetic Ave, ${anchor.city}, ${anchor.state}`,
      city: anchor.city,
      latitude,
      longitude,
      timeZone: timeZoneAt(latitude, longitude),
      isIndoor,
      courtType: isIndoor ? "indoor" : "outdoor",
      numberOfCourts: 1 + Math.floor(next() * 4),
      lighting: next() < 0.5,
      freeToPlay: next() < 0.8,
      rating: Math.round((2.5 + next() * 2.5) * 10) / 10,
      description: `Synthetic test court near ${anchor.city}, ${anchor.state}.`,
      amenities: AMENITY_SETS[i % AMENITY_SETS.length],
      // Synthetic load data only: in the product activePlayers changes with check-ins alone.
      activePlayers: next() < 0.1 ? 1 + Math.floor(next() * 12) : 0,
    };
  });
}

/**
 * Appends the courts in one statement per 5,000 (columns as arrays through unnest(); the
 * amenities travel as "|"-joined text because PostgreSQL arrays of arrays must be rectangular).
 */
export async function insertSyntheticCourts(db: Queryable, rows: SyntheticCourt[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 5_000) {
    const batch = rows.slice(start, start + 5_000);
    const of = <K extends keyof SyntheticCourt>(key: K) => sql.param(batch.map((row) => row[key]));
    const amenities = batch.map((row) => (row.amenities ?? []).join("|"));
    await db.execute(sql`
      insert into ${courts} (name, address, city, latitude, longitude, time_zone, is_indoor,
        court_type, number_of_courts, lighting, free_to_play, rating, description, amenities,
        active_players)
      select name, address, city, latitude, longitude, time_zone, is_indoor, court_type,
        number_of_courts, lighting, free_to_play, rating, description,
        coalesce(string_to_array(nullif(amenities, ''), '|'), '{}'), active_players
      from unnest(
        ${of("name")}::text[], ${of("address")}::text[], ${of("city")}::text[],
        ${of("latitude")}::float8[], ${of("longitude")}::float8[], ${of("timeZone")}::text[],
        ${of("isIndoor")}::bool[], ${of("courtType")}::text[], ${of("numberOfCourts")}::int4[],
        ${of("lighting")}::bool[], ${of("freeToPlay")}::bool[], ${of("rating")}::numeric[],
        ${of("description")}::text[], ${sql.param(amenities)}::text[],
        ${of("activePlayers")}::int4[]
      ) as t(name, address, city, latitude, longitude, time_zone, is_indoor, court_type,
        number_of_courts, lighting, free_to_play, rating, description, amenities, active_players)`);
  }
}

export async function seedManyCourts(db: Queryable, count = DEFAULT_COURT_COUNT): Promise<void> {
  await insertSyntheticCourts(db, await syntheticCourts(count));
}

function countFromArgs(args: string[]): number {
  const at = args.indexOf("--count");
  if (at < 0) return DEFAULT_COURT_COUNT;
  const count = Number(args[at + 1]);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new Error("--count must be a whole number from 1 to 1,000,000");
  }
  return count;
}

async function main() {
  const count = countFromArgs(process.argv.slice(2));
  const started = performance.now();
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    await database.db.transaction((tx) => seedManyCourts(tx, count));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Inserted ${count} synthetic courts into ${database.kind} in ${seconds} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error("Seeding courts failed:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
