import type { CourtTile } from "@common/courts.ts";
import type { Tile } from "@common/map-tiles.ts";
import { initialView, MAP_BOX_ATTRIBUTE, nearbyFromSearch } from "@/components/map/map-view.ts";
import { DEFAULT_FILTERS, filterParams } from "../court-filters.ts";
import { type FirstView, leafletFirstView } from "./leaflet-view.ts";
import { courtTileUrl, viewTiles } from "./view-tiles.ts";

/** GET /api/courts/overview, the overview query's key (court-overview-query.ts). */
export const COURT_OVERVIEW_URL = "/api/courts/overview";

type Bounds = readonly [number, number, number, number];
type DehydratedQuery = { queryKey?: unknown[]; state?: { data?: { bounds?: Bounds | null } } };

/**
 * The overview's bounds as the server's state holds them (a JSON data element, read before the
 * app's query cache exists): undefined when the page came without the overview.
 */
export function overviewBoundsIn(doc: Document, stateId: string): Bounds | null | undefined {
  const text = doc.getElementById(stateId)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as { queries?: DehydratedQuery[] };
    const overview = state.queries?.find((query) => query.queryKey?.[0] === COURT_OVERVIEW_URL);
    return overview?.state?.data?.bounds;
  } catch {
    return undefined;
  }
}

/** The directory map's first view and the court tiles it will ask for (by URL, its query keys). */
export type FirstMap = {
  box: Element;
  view: FirstView;
  tiles: Tile[];
  /** The map's default filters, as the tiles' query string. */
  filters: string;
  urls: string[];
};

/**
 * The first view is known before the map (or any of the app) has loaded: the URL's
 * `?lat=&lng=`, or the overview's bounds (`bounds`: undefined without an overview, null when
 * there are no courts), and the server-rendered map box's size. Null when the page has no laid
 * out map box or nothing says where to go. Used by the app (first-tiles.ts) and by the snapshot
 * script (courts-snapshot.ts), so both ask for the same tiles the map will.
 */
export function firstMap(
  doc: Document,
  bounds: Bounds | null | undefined,
  search: string,
): FirstMap | null {
  const nearby = nearbyFromSearch(search);
  const box = doc.querySelector(`[${MAP_BOX_ATTRIBUTE}]`);
  if ((!nearby && bounds === undefined) || !box) return null;
  const size = { width: box.clientWidth, height: box.clientHeight };
  if (size.width === 0 || size.height === 0) return null;
  const view = leafletFirstView(initialView(bounds ?? null, nearby), size);
  const filters = filterParams(DEFAULT_FILTERS).toString();
  const tiles = viewTiles(view);
  return { box, view, tiles, filters, urls: tiles.map((tile) => courtTileUrl(tile, filters)) };
}

/** The snapshot script's tile answers by URL, handed to the app; null once the app has them. */
export type EarlyTiles = Record<string, Promise<CourtTile>>;
type WithEarlyTiles = { courtsFirstTiles?: EarlyTiles | null };

/**
 * The app takes the tiles the snapshot script asked for (so nothing is asked twice); if the
 * script has not run yet, it never will ask: the app has come first and asks itself.
 */
export function claimEarlyTiles(win: Window): EarlyTiles | undefined {
  const held = win as WithEarlyTiles;
  const early = held.courtsFirstTiles ?? undefined;
  held.courtsFirstTiles = null;
  return early;
}

/** The snapshot script offers its answers; false when the app has already started without. */
export function offerEarlyTiles(win: Window, tiles: EarlyTiles): boolean {
  const held = win as WithEarlyTiles;
  if (held.courtsFirstTiles !== undefined) return false;
  held.courtsFirstTiles = tiles;
  return true;
}
