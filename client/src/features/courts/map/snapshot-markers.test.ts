import type { CourtTile } from "@common/courts.ts";
import { describe, expect, it } from "vitest";
import { initialView, type MapView } from "@/components/map/map-view.ts";
import { testCourt } from "@/test-support/test-courts.ts";
import { leafletFirstView } from "./leaflet-view.ts";
import { itemsOfTiles } from "./map-items.ts";
import { realLeafletMarkers } from "./real-leaflet-view.ts";
import { snapshotMarkers } from "./snapshot-markers.ts";

/** Deterministic positions spread over a box: the same courts on every run. */
function spread(count: number, area: readonly number[], seed: number) {
  const [west = 0, south = 0, east = 0, north = 0] = area;
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => ({
    latitude: south + (north - south) * next(),
    longitude: west + (east - west) * next(),
  }));
}

const US = [-124.21459, 24.55002, -68.67125, 48.85328];
const CITY = [-74.05, 40.68, -73.9, 40.8];
const BLOCK = [-73.982, 40.748, -73.978, 40.752];

/** A tile's worth of clusters of every size and single courts, some with players. */
function tileOf(area: number[], seed: number): CourtTile {
  const clusters = spread(40, area, seed).map((at, i) => ({
    key: `c${i}`,
    count: [2, 9, 10, 99, 100, 999, 1000, 4321][i % 8] ?? 2,
    ...at,
    bounds: [at.longitude - 0.1, at.latitude - 0.1, at.longitude + 0.1, at.latitude + 0.1] as [
      number,
      number,
      number,
      number,
    ],
  }));
  const courts = spread(60, area, seed + 1).map((at, i) =>
    testCourt({ id: seed * 1000 + i, ...at, activePlayers: i % 7 === 0 ? 3 : 0 }),
  );
  return { clusters, courts };
}

/** Markup as the DOM gives it back (Leaflet's markers are read from their elements). */
function asParsed(html: string) {
  const element = document.createElement("div");
  element.innerHTML = html;
  return element.innerHTML;
}

const CASES: [string, MapView, number[]][] = [
  ["the whole country", initialView(US as [number, number, number, number], null), US],
  ["a city", initialView(CITY as [number, number, number, number], null), CITY],
  ["near the visitor", initialView(null, { lat: 40.7128, lng: -74.006 }), CITY],
  ["one court close up", { kind: "center", center: [40.75, -73.98], zoom: 17 }, BLOCK],
];
const SIZES = [
  [936, 542],
  [357, 383],
  [1279, 544],
];

describe("snapshotMarkers", () => {
  it("places the markers where real Leaflet draws the map's own, with the same markup", () => {
    for (const [name, view, area] of CASES) {
      for (const [width = 0, height = 0] of SIZES) {
        const tiles = [tileOf(area, 1), tileOf(area, 2)];
        const first = leafletFirstView(view, { width, height });
        const ours = snapshotMarkers(tiles, first, { width, height });
        const inBox = (m: { left: number; top: number; size: number }) =>
          m.left + m.size >= 0 && m.top + m.size >= 0 && m.left <= width && m.top <= height;
        const real = realLeafletMarkers(view, width, height, itemsOfTiles(tiles)).filter(inBox);
        const key = (m: {
          left: number;
          top: number;
          size: number;
          html: string;
          zIndex: number;
        }) => `${m.left},${m.top},${m.size},${m.zIndex} ${asParsed(m.html)}`;
        expect(ours.length, `${name} in ${width}×${height}`).toBeGreaterThan(0);
        expect(ours.map(key).sort(), `${name} in ${width}×${height}`).toEqual(real.map(key).sort());
      }
    }
  });

  it("stacks markers as Leaflet does: lower ones on top, courts with players above all", () => {
    const view = leafletFirstView(initialView(CITY as [number, number, number, number], null), {
      width: 936,
      height: 542,
    });
    const north = testCourt({ id: 1, latitude: 40.79, longitude: -74.0, activePlayers: 2 });
    const south = testCourt({ id: 2, latitude: 40.69, longitude: -73.95 });
    const [a, b] = snapshotMarkers([{ clusters: [], courts: [north, south] }], view, {
      width: 936,
      height: 542,
    });
    expect(a?.html).toContain("court-marker--active");
    expect(a?.zIndex).toBeGreaterThan(b?.zIndex ?? Number.POSITIVE_INFINITY);
    expect(b?.zIndex).toBe((b?.top ?? 0) + 14);
  });
});
