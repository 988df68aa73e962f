import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { boundingBox, type DistanceUnit, EARTH_RADIUS, type LatLng } from "../../common/geo.ts";

/** A number parameter typed for PostgreSQL, which would otherwise guess integer from context. */
export const float = (n: number) => sql`${n}::double precision`;

/**
 * The SQL twin of `distanceBetween` (common/geo.ts): great-circle distance from a fixed point to
 * the position held in two columns, computed where the rows are.
 */
export function greatCircleSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  from: LatLng,
  unit: DistanceUnit = "mi",
): SQL<number> {
  const lat = float(from.latitude);
  const lng = float(from.longitude);
  return sql<number>`${float(2 * EARTH_RADIUS[unit])} * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${latitude})) *
    power(sin(radians(${longitude} - ${lng}) / 2), 2))))`;
}

/**
 * Rows whose position lies in the box around `center` that holds the circle of `distance`:
 * plain comparisons an index on the coordinates can serve. A box crossing the antimeridian
 * wraps to the other side instead of losing the rows beyond ±180°.
 */
export function withinDistanceBoxSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  center: LatLng,
  distance: number,
  unit: DistanceUnit = "mi",
): SQL<boolean> {
  const box = boundingBox(center, distance, unit);
  const lat = sql`${latitude} between ${float(box.minLat)} and ${float(box.maxLat)}`;
  if (box.minLng < -180) {
    return sql<boolean>`(${lat} and (${longitude} >= ${float(box.minLng + 360)} or ${longitude} <= ${float(box.maxLng)}))`;
  }
  if (box.maxLng > 180) {
    return sql<boolean>`(${lat} and (${longitude} >= ${float(box.minLng)} or ${longitude} <= ${float(box.maxLng - 360)}))`;
  }
  return sql<boolean>`(${lat} and ${longitude} between ${float(box.minLng)} and ${float(box.maxLng)})`;
}

/** Miles rounded to one decimal, as every distance is shown. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
