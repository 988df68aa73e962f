import tzLookup from "@photostructure/tz-lookup";

/**
 * The IANA time zone at a position (a court's), from an offline map of zone borders: times shown
 * for a court are that court's local time, wherever the viewer is. Open sea and bad input fall
 * back to UTC rather than guessing a neighbour's zone.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return "UTC";
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return "UTC";
  const zone = tzLookup(latitude, longitude);
  return zone.startsWith("Etc/") ? "UTC" : zone;
}
