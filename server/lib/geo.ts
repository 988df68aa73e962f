import { type AnyColumn, type SQL, sql } from "drizzle-orm";

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.05;

/** A number parameter typed for PostgreSQL, which would otherwise guess integer from context. */
export const float = (n: number) => sql`${n}::double precision`;

/** Great-circle miles from a fixed point to the position held in two columns. */
export function haversineMilesSql(
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
  lat: number,
  lng: number,
): SQL<number> {
  return sql<number>`${float(EARTH_RADIUS_MILES)} * 2 * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${float(lat)}) / 2), 2) +
    cos(radians(${float(lat)})) * cos(radians(${latitude})) *
    power(sin(radians(${longitude} - ${float(lng)}) / 2), 2))))`;
}

/**
 * A box around the point that holds the whole circle of `miles`: plain comparisons on the
 * coordinates rule out almost every far-away row before any trigonometry runs.
 */
export function boundingBox(lat: number, lng: number, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  // Near the poles a degree of longitude shrinks to nothing: take every longitude there.
  const dLng = cosLat < 0.01 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE_LAT * cosLat));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Miles rounded to one decimal, as every distance is shown. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
