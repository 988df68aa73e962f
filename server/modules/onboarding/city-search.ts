import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { LOCATION_RESULTS_MAX, type LocationSuggestion } from "../../../common/onboarding.ts";
import type { Queryable } from "../../db/client.ts";
import { locationSuggestions as places } from "../../db/schema.ts";
import { greatCircleSql, withinDistanceBoxSql } from "../../lib/geo.ts";

/** "Austin, TX" → city "Austin" and state "TX"; text without a comma is all city. */
export function parseCityQuery(q: string): { city: string; state?: string } {
  const comma = q.lastIndexOf(",");
  if (comma < 0) return { city: q.trim() };
  const state = q.slice(comma + 1).trim();
  return { city: q.slice(0, comma).trim(), ...(state ? { state } : {}) };
}

/** Makes %, _ and the escape character itself match literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

const suggestionColumns = {
  id: places.id,
  city: places.city,
  state: places.state,
  country: places.country,
  latitude: places.latitude,
  longitude: places.longitude,
  population: places.population,
};

/**
 * Cities whose name starts with the typed text, in any letter case, largest first. The
 * condition has the exact shape `lower(city) like <prefix>%` so PostgreSQL walks the
 * `location_suggestions_city_prefix_idx` (lower(city) text_pattern_ops) range instead of
 * reading all ~16,700 rows at every keystroke. "City, ST" narrows by a prefix of the state
 * code, so "Austin, T" already finds Austin, TX.
 */
export async function searchCities(db: Queryable, q: string): Promise<LocationSuggestion[]> {
  const { city, state } = parseCityQuery(q);
  if (!city) return [];
  const conditions: SQL[] = [
    sql`lower(${places.city}) like lower(${`${escapeLike(city)}%`})`,
    eq(places.isActive, true),
  ];
  if (state) conditions.push(sql`upper(${places.state}) like upper(${`${escapeLike(state)}%`})`);
  return db
    .select(suggestionColumns)
    .from(places)
    .where(and(...conditions))
    .orderBy(desc(places.population), asc(places.city), asc(places.id))
    .limit(LOCATION_RESULTS_MAX);
}

/**
 * How far 'Use Current Location' looks. Beyond it (a player abroad, at sea) we say we know no
 * city rather than name one hundreds of kilometres away; the player then searches instead.
 */
export const NEAREST_CITY_MAX_KM = 150;

/**
 * The nearest known city within NEAREST_CITY_MAX_KM of a position, or null. A bounding box
 * keeps the great-circle distance to the few hundred rows around the position.
 */
export async function nearestCity(
  db: Queryable,
  lat: number,
  lng: number,
): Promise<LocationSuggestion | null> {
  const here = { latitude: lat, longitude: lng };
  const distanceKm = greatCircleSql(places.latitude, places.longitude, here, "km");
  const [row] = await db
    .select({ ...suggestionColumns, distanceKm })
    .from(places)
    .where(
      and(
        eq(places.isActive, true),
        withinDistanceBoxSql(places.latitude, places.longitude, here, NEAREST_CITY_MAX_KM, "km"),
      ),
    )
    .orderBy(distanceKm)
    .limit(1);
  if (!row || Number(row.distanceKm) > NEAREST_CITY_MAX_KM) return null;
  const { distanceKm: _, ...city } = row;
  return city;
}
