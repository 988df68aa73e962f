/**
 * The map tiles every map of the app draws: TILE_URL on the server, handed to the page in
 * `<meta name="tile-url">` (server/modules/pages/routes.ts), else OpenStreetMap's own tile server without
 * subdomains, as its usage policy asks.
 */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** The map data and the imported courts are OpenStreetMap's: its licence asks for this credit. */
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function tileUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tile-url"]');
  const url = meta?.content.trim();
  return url?.includes("{z}") ? url : DEFAULT_TILE_URL;
}
