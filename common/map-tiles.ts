/**
 * The map's tiles: the usual web-map grid (zoom z splits the world into 2^z × 2^z squares of
 * 256 pixels, Web Mercator, x from the antimeridian eastwards, y from the north). The courts map
 * asks for its courts by these tiles, so every viewer of one place asks the same questions and
 * the server can share its answers.
 */

export const MAX_TILE_ZOOM = 19;
/** Web Mercator stops here: beyond, a square world would need infinitely tall tiles. */
export const MAX_LATITUDE = 85.0511287798;

export type Tile = { z: number; x: number; y: number };
/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Mercator y of a latitude, 0 at the north edge of the world and 1 at the south. */
export function mercatorY(latitude: number): number {
  const lat = (clamp(latitude, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2;
}

function latitudeOf(mercator: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * mercator))) * 180) / Math.PI;
}

export function tileBounds({ z, x, y }: Tile): BBox {
  const n = 2 ** z;
  return [
    (x / n) * 360 - 180,
    latitudeOf((y + 1) / n),
    ((x + 1) / n) * 360 - 180,
    latitudeOf(y / n),
  ];
}

export const isTile = ({ z, x, y }: Tile) =>
  Number.isInteger(z) &&
  z >= 0 &&
  z <= MAX_TILE_ZOOM &&
  Number.isInteger(x) &&
  Number.isInteger(y) &&
  x >= 0 &&
  y >= 0 &&
  x < 2 ** z &&
  y < 2 ** z;

/** How many tiles a view may ask for at once: a big screen at one zoom needs about 20. */
export const MAX_VIEW_TILES = 64;

/**
 * The courts map asks for 512-pixel tiles, one zoom level below the map's: four times fewer
 * requests per view than the 256-pixel grid of the image tiles, each still small.
 */
export const courtTileZoom = (mapZoom: number) =>
  Math.min(MAX_TILE_ZOOM, Math.max(0, Math.round(mapZoom) - 1));

/**
 * The tiles covering a box at a zoom, west to east across the antimeridian when the box does.
 * More than MAX_VIEW_TILES means the zoom is wrong for the box; the nearest tiles win.
 */
export function tilesCovering([west, south, east, north]: BBox, zoom: number): Tile[] {
  const z = clamp(Math.round(zoom), 0, MAX_TILE_ZOOM);
  const n = 2 ** z;
  const width = east - west >= 360 ? 360 : (((east - west) % 360) + 360) % 360;
  const firstX = Math.floor(((west + 180) / 360) * n);
  const columns = Math.min(n, Math.floor(((west + width + 180) / 360) * n) - firstX + 1);
  const top = clamp(Math.floor(mercatorY(north) * n), 0, n - 1);
  const bottom = clamp(Math.floor(mercatorY(south) * n), 0, n - 1);
  const tiles: Tile[] = [];
  for (let i = 0; i < columns; i++) {
    const x = (((firstX + i) % n) + n) % n;
    for (let y = top; y <= bottom; y++) tiles.push({ z, x, y });
  }
  if (tiles.length <= MAX_VIEW_TILES) return tiles;
  const cx = firstX + columns / 2;
  const cy = (top + bottom) / 2;
  const distance = (t: Tile) => {
    const dx = Math.abs(((t.x - cx + n / 2) % n) - n / 2);
    return dx * dx + (t.y - cy) ** 2;
  };
  return tiles.sort((a, b) => distance(a) - distance(b)).slice(0, MAX_VIEW_TILES);
}
