import { distanceBetween, type LatLng } from "../../common/geo.ts";

/** A square of the latitude/longitude grid, and the circle around its centre that covers it. */
export type MapCell = {
  key: string;
  centre: LatLng;
  /** Miles from the centre that hold the circle of `radius` around any point in the cell. */
  reach: number;
};

/**
 * Cells of `degrees` on a side, for reads shared by everyone in one (decisions §74): whoever
 * stands in a cell, their circle of `radius` miles lies inside the cell's circle of `reach`.
 */
export function mapCells(degrees: number, radius: number) {
  const at = (row: number, column: number): MapCell => {
    const south = row * degrees;
    const west = column * degrees;
    const centre = { latitude: south + degrees / 2, longitude: west + degrees / 2 };
    // The corners nearer the equator are the farther ones; both sides are measured.
    const half = Math.max(
      distanceBetween(centre, { latitude: south, longitude: west }),
      distanceBetween(centre, { latitude: south + degrees, longitude: west }),
    );
    // A hair more, so float rounding at a corner cannot leave a row out.
    return { key: `${row}:${column}`, centre, reach: radius + half + 0.01 };
  };
  return {
    /** The cell a position falls in. */
    of: ({ latitude, longitude }: LatLng): MapCell =>
      at(Math.floor(latitude / degrees), Math.floor(longitude / degrees)),
    /** The cell of a key `of` gave. */
    ofKey(key: string): MapCell {
      const [row = 0, column = 0] = key.split(":").map(Number);
      return at(row, column);
    },
  };
}
