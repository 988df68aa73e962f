import type { Court } from "@common/courts.ts";

/** Spec §9: the continental US at zoom 4 when there is nothing to show. */
export const DEFAULT_CENTER: [number, number] = [39.8283, -98.5795];
export const DEFAULT_ZOOM = 4;
/** Spec §2/§9: one court is shown at zoom 15. */
export const SINGLE_COURT_ZOOM = 15;
/** "Find Courts Near Me" lands here: a city and its surroundings. */
export const NEARBY_ZOOM = 11;
/** Spec §9: tiles exist up to zoom 19 on the courts page. */
export const MAX_ZOOM = 19;

/**
 * Marks the directory's server-rendered map box, whose size the first view depends on
 * (first-tiles.ts reads it before hydration; kept out of that module so it stays a chunk of
 * its own, preloaded with the page).
 */
export const MAP_BOX_ATTRIBUTE = "data-courts-map";

export type LatLng = { lat: number; lng: number };

export type MapView =
  | { kind: "center"; center: [number, number]; zoom: number }
  | { kind: "bounds"; bounds: [[number, number], [number, number]] };

/**
 * ?lat=&lng= of the landing page's 'Find Courts Near Me'; null unless both are numbers on
 * the globe (a hand-edited URL must not throw the map into the ocean or an error).
 */
export function nearbyFromSearch(search: string): LatLng | null {
  const params = new URLSearchParams(search);
  const rawLat = params.get("lat");
  const rawLng = params.get("lng");
  if (!rawLat?.trim() || !rawLng?.trim()) return null;
  const lat = Number(rawLat);
  const lng = Number(rawLng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** What the map shows for these courts: all of them, one up close, or the US by default. */
export function viewForCourts(courts: readonly Pick<Court, "latitude" | "longitude">[]): MapView {
  const [first] = courts;
  if (!first) return { kind: "center", center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
  let south = first.latitude;
  let north = first.latitude;
  let west = first.longitude;
  let east = first.longitude;
  for (const { latitude, longitude } of courts) {
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
  }
  if (south === north && west === east) {
    return { kind: "center", center: [south, west], zoom: SINGLE_COURT_ZOOM };
  }
  return {
    kind: "bounds",
    bounds: [
      [south, west],
      [north, east],
    ],
  };
}

/** Where the courts are ([west, south, east, north], from the overview): the first view. */
export function viewForBounds(bounds: readonly [number, number, number, number] | null): MapView {
  if (!bounds) return { kind: "center", center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
  const [west, south, east, north] = bounds;
  return viewForCourts([
    { latitude: south, longitude: west },
    { latitude: north, longitude: east },
  ]);
}

/** The first view: near the visitor when the URL says where they are, else all the courts. */
export function initialView(
  bounds: readonly [number, number, number, number] | null,
  nearby: LatLng | null,
): MapView {
  if (nearby) return { kind: "center", center: [nearby.lat, nearby.lng], zoom: NEARBY_ZOOM };
  return viewForBounds(bounds);
}
