const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

type Position = { latitude: number | null; longitude: number | null };

/** Great-circle miles between two positions; null unless both are known. */
export function milesBetween(a: Position | null | undefined, b: Position): number | null {
  if (!a || a.latitude === null || a.longitude === null) return null;
  if (b.latitude === null || b.longitude === null) return null;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** '0.4 miles away', '1 mile away', '12 miles away'. */
export function formatMiles(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded} ${rounded === 1 ? "mile" : "miles"} away`;
}
