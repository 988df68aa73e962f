import type { Tile } from "@common/map-tiles.ts";
import type { QueryClient } from "@tanstack/react-query";
import { DEFAULT_FILTERS, filterParams } from "./court-filters.ts";
import { courtOverviewQuery } from "./court-overview-query.ts";
import { courtTileQuery, viewTiles } from "./court-tiles-query.ts";
import { leafletViewState } from "./leaflet-view.ts";
import { initialView, MAP_BOX_ATTRIBUTE, nearbyFromSearch } from "./map-view.ts";

/**
 * Asks for the court tiles of the map's first view while a page the server rendered is still
 * hydrating, instead of after the map has mounted and reported its view (issue 13, first
 * marker). The first view is known already: the URL's `?lat=&lng=` or the overview's bounds
 * (in the server's state), and the server-rendered map box's size. The answers go into the
 * query cache under the map's own keys (a tile still in flight is joined, not asked twice).
 * Returns the tiles asked for: none when the page has no map box or nothing says where to go.
 */
export function fetchFirstTiles(doc: Document, client: QueryClient, search: string): Tile[] {
  const nearby = nearbyFromSearch(search);
  const overview = client.getQueryData(courtOverviewQuery.queryKey);
  const box = doc.querySelector(`[${MAP_BOX_ATTRIBUTE}]`);
  if ((!nearby && !overview) || !box || box.clientWidth === 0 || box.clientHeight === 0) return [];
  const view = leafletViewState(initialView(overview?.bounds ?? null, nearby), {
    width: box.clientWidth,
    height: box.clientHeight,
  });
  const filters = filterParams(DEFAULT_FILTERS).toString();
  const tiles = viewTiles(view);
  // Never rejects: a failed tile is the map's own query to retry and report.
  for (const tile of tiles) void client.prefetchQuery(courtTileQuery(tile, filters));
  return tiles;
}
