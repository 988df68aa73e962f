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

/** Leaflet's own default: OpenStreetMap's server draws zoom levels up to 19. */
const DEFAULT_MAX_ZOOM = 18;

export type TileOptions = {
  url: string;
  maxZoom: number;
  detectRetina?: boolean;
  maxNativeZoom?: number;
};

/**
 * Tiles as sharp as the screen, where it shows (Lighthouse's image-size-responsive asks for
 * 0.75 × 1.5 = 1.125 image pixels per CSS pixel on a 1.5–2× phone; a 256 px tile at 256 CSS px
 * is soft there). A TILE_URL with `{r}` gets the tile server's @2x tiles on such screens
 * (Leaflet writes "@2x" for `{r}`): as many requests, each 512 px. Otherwise, on screens of
 * 1.5× or more, Leaflet's detectRetina draws the next zoom's tiles at half size: four times the
 * requests, each small, and the map's labels smaller. Below 1.5× (most desktops) nothing
 * changes. `maxNativeZoom` keeps the last zoom level drawn (from the level before, enlarged):
 * detectRetina would otherwise take a level away.
 */
export function tileOptions(maxZoom = DEFAULT_MAX_ZOOM): TileOptions {
  const url = tileUrl();
  const dense = (window.devicePixelRatio || 1) >= 1.5;
  if (!dense || url.includes("{r}")) return { url, maxZoom };
  return { url, maxZoom: maxZoom + 1, maxNativeZoom: maxZoom - 1, detectRetina: true };
}
