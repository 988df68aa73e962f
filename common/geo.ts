/**
 * The one great-circle distance of the product (haversine on a sphere of the Earth's mean
 * radius). The server's SQL twin, `greatCircleSql` in server/lib/geo.ts, takes its radius from
 * here, and a test holds the two to the same answers.
 */
export const EARTH_RADIUS = { km: 6371.0088, mi: 3958.7613 } as const;
export type DistanceUnit = keyof typeof EARTH_RADIUS;
export const METERS_PER_MILE = 1609.344;

export type LatLng = { latitude: number; longitude: number };
/** A position that may be unknown (a player who never shared one). */
export type MaybeLatLng = { latitude: number | null; longitude: number | null };

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two positions, in miles unless told otherwise. */
export function distanceBetween(a: LatLng, b: LatLng, unit: DistanceUnit = "mi"): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodes; asin would then be NaN.
  return 2 * EARTH_RADIUS[unit] * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles between two positions; null unless both are known. */
export function milesBetween(a: MaybeLatLng | null | undefined, b: MaybeLatLng): number | null {
  if (!a || a.latitude === null || a.longitude === null) return null;
  if (b.latitude === null || b.longitude === null) return null;
  return distanceBetween(
    { latitude: a.latitude, longitude: a.longitude },
    { latitude: b.latitude, longitude: b.longitude },
  );
}

/**
 * The smallest latitude/longitude box that holds every point within `distance` of the centre,
 * so plain comparisons on indexed coordinates rule out far-away rows before any trigonometry.
 * Longitudes widen towards the poles (asin(sin d / cos lat), not d / cos lat, which is too
 * narrow there); when the circle reaches a pole every longitude is in.
 */
export function boundingBox(center: LatLng, distance: number, unit: DistanceUnit = "mi") {
  const angle = Math.min(distance / EARTH_RADIUS[unit], Math.PI);
  const dLat = (angle * 180) / Math.PI;
  const lat = radians(center.latitude);
  const sinRatio = Math.sin(angle) / Math.cos(lat);
  const reachesPole =
    center.latitude + dLat >= 90 || center.latitude - dLat <= -90 || sinRatio >= 1;
  const dLng = reachesPole ? 180 : (Math.asin(sinRatio) * 180) / Math.PI;
  return {
    minLat: Math.max(-90, center.latitude - dLat),
    maxLat: Math.min(90, center.latitude + dLat),
    minLng: reachesPole ? -180 : center.longitude - dLng,
    maxLng: reachesPole ? 180 : center.longitude + dLng,
  };
}

/**
 * Coordinates are kept to 7 decimals (about 1 cm), as GPS and OpenStreetMap give them. It also
 * keeps absurdly small input such as 1e-300 out of the database, where squaring it in the
 * distance formula would be a floating-point underflow error instead of an answer.
 */
export const roundCoordinate = (degrees: number) => Math.round(degrees * 1e7) / 1e7 + 0;
