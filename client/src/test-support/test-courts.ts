import type { Court, CourtTile } from "@common/courts.ts";
import { tileBounds } from "@common/map-tiles.ts";

/** A court as GET /api/courts returns it, with the schema's defaults; override per test. */
export function testCourt(overrides: Partial<Court> & { id: number }): Court {
  return {
    name: `Court ${overrides.id}`,
    address: null,
    latitude: 34,
    longitude: -118,
    isIndoor: false,
    courtType: "outdoor",
    numberOfCourts: 1,
    lighting: false,
    freeToPlay: true,
    rating: 4,
    description: null,
    amenities: [],
    activePlayers: 0,
    surface: null,
    openingHours: null,
    timeZone: "America/Los_Angeles",
    ...overrides,
  };
}

/** Three courts that differ in every filtered and sorted field. */
export const SAMPLE_COURTS: readonly Court[] = [
  testCourt({
    id: 1,
    name: "Venice Beach Courts",
    address: "1800 Ocean Front Walk, Venice, CA 90291",
    latitude: 33.9858,
    longitude: -118.4731,
    numberOfCourts: 4,
    lighting: true,
    rating: 4.8,
    description: "Famous outdoor runs on the boardwalk.",
    activePlayers: 6,
  }),
  testCourt({
    id: 2,
    name: "Hollywood YMCA",
    address: "1553 N Schrader Blvd, Los Angeles, CA 90028",
    latitude: 34.0995,
    longitude: -118.3301,
    isIndoor: true,
    courtType: "indoor",
    lighting: true,
    freeToPlay: false,
    rating: 4.2,
    description: "Members gym with a full-size indoor court.",
  }),
  testCourt({
    id: 3,
    name: "Pan Pacific Park",
    address: "7600 Beverly Blvd, Los Angeles, CA 90036",
    latitude: 34.0763,
    longitude: -118.3568,
    rating: 4.5,
    description: "Shaded courts near the Grove, good for Fairfax area regulars.",
    activePlayers: 2,
  }),
];

/**
 * A court tile's answer for tests: one court at the tile's middle, numbered by the tile's x and
 * y (x * 1000 + y); `overrides` may change it per tile.
 */
export function testTileAnswer(
  url: string,
  overrides: (tile: { x: number; y: number }) => Partial<Court> = () => ({}),
): CourtTile {
  const [z = 0, x = 0, y = 0] = (url.match(/tiles\/(\d+)\/(\d+)\/(\d+)$/) ?? [])
    .slice(1)
    .map(Number);
  const [west, south, east, north] = tileBounds({ z, x, y });
  const court = testCourt({
    id: x * 1000 + y,
    latitude: (south + north) / 2,
    longitude: (west + east) / 2,
    ...overrides({ x, y }),
  });
  return { clusters: [], courts: [court] };
}
