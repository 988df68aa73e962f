import type { Tile } from "@common/map-tiles.ts";
import type { QueryClient } from "@tanstack/react-query";
import { courtOverviewQuery } from "../court-overview-query.ts";
import { courtTileQuery } from "./court-tiles-query.ts";
import { firstMap } from "./first-map.ts";

/**
 * Asks for the court tiles of the map's first view while a page the server rendered is still
 * hydrating, instead of after the map has mounted and reported its view (issue 13, first
 * marker). The answers go into the query cache under the map's own keys (a tile still in flight
 * is joined, not asked twice). Returns the tiles of the first view: none when the page has no
 * map box or nothing says where to go.
 */
export function fetchFirstTiles(doc: Document, client: QueryClient, search: string): Tile[] {
  const overview = client.getQueryData(courtOverviewQuery.queryKey);
  const first = firstMap(doc, overview?.bounds, search);
  if (!first) return [];
  for (const tile of first.tiles) {
    // Never rejects: a failed tile is the map's own query to retry and report.
    void client.prefetchQuery(courtTileQuery(tile, first.filters));
  }
  return first.tiles;
}
