import { describe, expect, it } from "vitest";
import { distanceBetween } from "../../common/geo.ts";
import { mapCells } from "./map-cells.ts";

describe("map cells", () => {
  it("every point of a cell has its circle inside the cell's, at the equator, the pole and ±180°", () => {
    for (const degrees of [0.1, 0.5]) {
      const cells = mapCells(degrees, 25);
      for (const at of [
        { latitude: 34.05, longitude: -118.25 },
        { latitude: -0.05, longitude: 0.02 },
        { latitude: -17, longitude: 179.99 },
        { latitude: 89.95, longitude: -10 },
      ]) {
        const cell = cells.of(at);
        expect(cells.ofKey(cell.key)).toEqual(cell);
        const south = Math.floor(at.latitude / degrees) * degrees;
        const west = Math.floor(at.longitude / degrees) * degrees;
        for (let i = 0; i <= 10; i++) {
          for (let j = 0; j <= 10; j++) {
            const point = {
              latitude: south + (degrees * i) / 10,
              longitude: west + (degrees * j) / 10,
            };
            expect(distanceBetween(cell.centre, point) + 25).toBeLessThanOrEqual(cell.reach);
          }
        }
      }
    }
  });
});
