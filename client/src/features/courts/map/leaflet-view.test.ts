import { describe, expect, it } from "vitest";
import { initialView, type MapView } from "@/components/map/map-view.ts";
import { leafletViewState } from "./leaflet-view.ts";
import { realLeafletView } from "./real-leaflet-view.ts";
import { viewTiles } from "./view-tiles.ts";

const SIZES = [
  [1278, 542],
  [936, 542],
  [356, 382],
  [1500, 300],
];
const VIEWS: MapView[] = [
  // The overview of the bench's 10,000 courts, the demo's few, one city, one spot, the world.
  initialView([-124.21459, 24.55002, -68.67125, 48.85328], null),
  initialView([-118.5, 33.9, -118.2, 34.1], null),
  initialView([-74.05, 40.68, -73.9, 40.8], null),
  initialView([-0.1, 51.5, -0.0999, 51.5001], null),
  initialView([-179, -80, 179, 80], null),
  initialView(null, { lat: 40.7128, lng: -74.006 }),
  initialView(null, null),
];

describe("leafletViewState", () => {
  it("gives the view Leaflet reports, so the early tiles are the ones the map asks for", () => {
    for (const [width = 0, height = 0] of SIZES) {
      for (const view of VIEWS) {
        const real = realLeafletView(view, width, height);
        const early = leafletViewState(view, { width, height });
        expect(early.zoom).toBe(real.zoom);
        for (let i = 0; i < 4; i++)
          expect(early.bbox[i]).toBeCloseTo(real.bbox[i] ?? Number.NaN, 6);
        expect(viewTiles(early)).toEqual(viewTiles(real));
      }
    }
  });
});
