import type { CourtTile } from "@common/courts.ts";
import type { Tile } from "@common/map-tiles.ts";
import { queryOptions, useQueries } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { getQueryFn } from "@/lib/api.ts";
import { nextTask } from "@/lib/next-task.ts";
import { itemsOfTiles, type MapItem } from "./map-items.ts";
import { courtTileUrl, type MapViewState, viewTiles } from "./view-tiles.ts";

/** The server shares a tile's answer for up to 30 s; asking more often only gets the same. */
const TILE_STALE_MS = 30_000;
/**
 * GET /api/courts/tiles/{z}/{x}/{y}: one tile of the map, with the filters in its URL. Every
 * viewer of a place asks for the same tiles, so the server and the browser cache them whole.
 */
export function courtTileQuery(tile: Tile, filters: string) {
  return queryOptions<CourtTile>({
    queryKey: [courtTileUrl(tile, filters)],
    staleTime: TILE_STALE_MS,
  });
}

const fetchTile = getQueryFn<CourtTile>({ on401: "throw" });

/**
 * The tile query as the map asks for it after a move: each request starts in a task of its own,
 * not in the one that rendered the view (a zoom asks for a dozen tiles at once: with their
 * fetch calls that task was a long one, issue 13). The first view's tiles are asked for
 * earlier, the plain way (first-tiles.ts), and these queries join them.
 */
const viewTileQuery = (tile: Tile, filters: string) =>
  queryOptions<CourtTile>({
    ...courtTileQuery(tile, filters),
    queryFn: async (context) => {
      await nextTask();
      return fetchTile(context);
    },
  });

/**
 * The markers of the map's view from its tiles. While the tiles of a new view load, the last
 * complete set stays on the map, so zooming never flashes an empty map.
 */
export function useTileItems(
  view: MapViewState | null,
  filters: URLSearchParams,
  enabled: boolean,
) {
  const filterText = filters.toString();
  const tiles = useMemo(() => (view && enabled ? viewTiles(view) : []), [view, enabled]);
  const answers = useQueries({
    queries: tiles.map((tile) => viewTileQuery(tile, filterText)),
    combine: (results) => ({
      data: results.map((r) => r.data),
      // A tile that failed counts as answered: the view shows the tiles it has.
      settled: results.length > 0 && results.every((r) => r.data !== undefined || r.isError),
      isError: results.some((r) => r.isError),
    }),
  });
  const last = useRef<MapItem[] | undefined>(undefined);
  const { settled, data } = answers;
  const items = useMemo(
    () =>
      settled
        ? itemsOfTiles(data.filter((tile): tile is CourtTile => tile !== undefined))
        : undefined,
    [settled, data],
  );
  if (!enabled) last.current = undefined;
  else if (items) last.current = items;
  return { items: items ?? last.current, isError: answers.isError };
}
