import type { Tile } from "@common/map-tiles.ts";
import {
  initialView,
  MAP_BOX_ATTRIBUTE,
  nearbyFromSearch,
} from "../../../components/map/map-view.ts";
import { DEFAULT_FILTERS, filterParams } from "../court-filters.ts";
import { type FirstView, leafletFirstView } from "./leaflet-view.ts";
import { viewTiles } from "./view-tiles.ts";

/** GET /api/courts/overview, the overview query's key (court-overview-query.ts). */
export const COURT_OVERVIEW_URL = "/api/courts/overview";

type Bounds = readonly [number, number, number, number];

/** The directory map's first view and the court tiles it will ask for. */
export type FirstMap = {
  view: FirstView;
  tiles: Tile[];
  /** The map's default filters, as the tiles' query string. */
  filters: string;
};

/**
 * The first view is known before the map (or any of the app) has loaded: the URL's
 * `?lat=&lng=`, or the overview's bounds (`bounds`: undefined without an overview, null when
 * there are no courts), and the server-rendered map box's size. Null when the page has no laid
 * out map box or nothing says where to go (first-tiles.ts asks for the same tiles the map will).
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
  return { view, tiles: viewTiles(view), filters };
}
