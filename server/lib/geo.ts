import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { boundingBox, type DistanceUnit, EARTH_RADIUS, type LatLng } from "../../common/geo.ts";

/** A number parameter typed for PostgreSQL, which would otherwise guess integer from context. */
export const float = (n: number | SQL) => sql`${n}::double precision`;

/**
 * The SQL twin of `distanceBetween` (common/geo.ts): great-circle distance from a fixed point to
 * the position held in two columns, computed where the rows are.
 */
export function greatCircleSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  /** A fixed point, or parameters of a prepared statement. */
  from: LatLng | { latitude: SQL; longitude: SQL },
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

/** The position as a geometric point (x longitude, y latitude): what the GiST indexes hold. */
export const pointSql = (latitude: AnyColumn | SQL, longitude: AnyColumn | SQL) =>
  sql`point(${longitude}, ${latitude})`;

const boxSql = (w: number, s: number, e: number, n: number) =>
  sql`box(point(${float(w)}, ${float(s)}), point(${float(e)}, ${float(n)}))`;

/**
 * Rows whose point lies in a west/south/east/north box, in the form a GiST index on
 * `point(longitude, latitude)` serves. A west below -180 or an east above 180 (a box across the
 * antimeridian) is two boxes on the globe; a box as wide as the globe is only a latitude band.
 */
export function pointInBoxSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  [west, south, east, north]: readonly [number, number, number, number],
): SQL<boolean> {
  const point = pointSql(latitude, longitude);
  if (east - west >= 360) return sql<boolean>`${point} <@ ${boxSql(-180, south, 180, north)}`;
  let w = west;
  let e = east;
  while (w < -180) {
    w += 360;
    e += 360;
  }
  while (w >= 180) {
    w -= 360;
    e -= 360;
  }
  if (e <= 180) return sql<boolean>`${point} <@ ${boxSql(w, south, e, north)}`;
  return sql<boolean>`(${point} <@ ${boxSql(w, south, 180, north)} or ${point} <@ ${boxSql(-180, south, e - 360, north)})`;
}

/**
 * Rows within `distance` of `center`: the box holding the circle, read from a GiST index on
 * `point(longitude, latitude)`, then the exact great-circle distance for the few rows inside it.
 */
export function withinDistanceSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  center: LatLng,
  distance: number,
  unit: DistanceUnit = "mi",
): SQL<boolean> {
  const box = boundingBox(center, distance, unit);
  const inBox = pointInBoxSql(latitude, longitude, [
    box.minLng,
    box.minLat,
    box.maxLng,
    box.maxLat,
  ]);
  const exact = greatCircleSql(latitude, longitude, center, unit);
  return sql<boolean>`(${inBox} and ${exact} <= ${float(distance)})`;
}

/**
 * The position as a point on the unit sphere, a `cube` of three coordinates: the straight line
 * between two of them (`<->`) grows with the great-circle distance, so a GiST index on it
 * (users_earth_point_gist_idx) gives rows nearest first. The same expression as the index's.
 */
export const earthPointSql = (latitude: AnyColumn | SQL, longitude: AnyColumn | SQL) =>
  sql`cube(array[cos(radians(${latitude})) * cos(radians(${longitude})), cos(radians(${latitude})) * sin(radians(${longitude})), sin(radians(${latitude}))])`;

/** Miles rounded to one decimal, as every distance is shown. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
