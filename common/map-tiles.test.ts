import { describe, expect, it } from "vitest";
import {
  courtTileZoom,
  isTile,
  MAX_VIEW_TILES,
  mercatorY,
  tileBounds,
  tilesCovering,
} from "./map-tiles.ts";

describe("map tiles", () => {
  it("gives each tile its box, the world at zoom 0", () => {
    const [w, s, e, n] = tileBounds({ z: 0, x: 0, y: 0 });
    expect([w, e]).toEqual([-180, 180]);
    expect(s).toBeCloseTo(-85.0511, 3);
    expect(n).toBeCloseTo(85.0511, 3);
    // Venice Beach at zoom 12 is tile 700/1636 of the standard grid (the OSM wiki's formulas).
    const [west, south, east, north] = tileBounds({ z: 12, x: 700, y: 1636 });
    expect(west).toBeLessThan(-118.4731);
    expect(east).toBeGreaterThan(-118.4731);
    expect(south).toBeLessThan(33.9858);
    expect(north).toBeGreaterThan(33.9858);
    expect(mercatorY(0)).toBeCloseTo(0.5, 10);
  });

  it("covers a view with the tiles a map shows, across the antimeridian too", () => {
    const la = tilesCovering([-118.6, 33.9, -118.1, 34.2], 10);
    expect(la.every((t) => t.z === 10 && isTile(t))).toBe(true);
    expect(la.map((t) => `${t.x}/${t.y}`).sort()).toEqual([
      "174/408",
      "174/409",
      "175/408",
      "175/409",
      "176/408",
      "176/409",
    ]);
    const fiji = tilesCovering([178, -19, -178, -16], 6);
    expect(new Set(fiji.map((t) => t.x))).toEqual(new Set([63, 0]));
    expect(tilesCovering([-180, -85, 180, 85], 1)).toHaveLength(4);
  });

  it("never asks for more than MAX_VIEW_TILES, keeping the middle of the view", () => {
    const tiles = tilesCovering([-125, 24, -66, 50], 9);
    expect(tiles).toHaveLength(MAX_VIEW_TILES);
    expect(new Set(tiles.map((t) => `${t.x}/${t.y}`)).size).toBe(MAX_VIEW_TILES);
  });

  it("knows a tile from a typo", () => {
    expect(isTile({ z: 3, x: 7, y: 7 })).toBe(true);
    expect(isTile({ z: 3, x: 8, y: 0 })).toBe(false);
    expect(isTile({ z: 20, x: 0, y: 0 })).toBe(false);
    expect(isTile({ z: 2, x: -1, y: 0 })).toBe(false);
    expect(isTile({ z: 2.5, x: 0, y: 0 })).toBe(false);
  });
});

describe("courtTileZoom", () => {
  it("is one below the map's zoom, within the grid", () => {
    expect(courtTileZoom(4)).toBe(3);
    expect(courtTileZoom(0)).toBe(0);
    expect(courtTileZoom(19)).toBe(18);
    expect(courtTileZoom(12.4)).toBe(11);
  });
});
