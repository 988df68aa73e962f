import type { CourtTile } from "@common/courts.ts";
import { type BBox, courtTileZoom, type Tile, tilesCovering } from "@common/map-tiles.ts";
import { queryOptions, useQueries } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { itemsOfTiles, type MapItem } from "./map-items.ts";

/** The server shares a tile's answer for up to 30 s; asking more often only gets the same. */
const TILE_STALE_MS = 30_000;
/** Markers just outside the view are fetched too, so a short pan shows no gap. */
const VIEW_MARGIN = 0.15;

export type MapViewState = { bbox: BBox; zoom: number };

/**
 * GET /api/courts/tiles/{z}/{x}/{y}: one tile of the map, with the filters in its URL. Every
 * viewer of a place asks for the same tiles, so the server and the browser cache them whole.
 */
export function courtTileQuery({ z, x, y }: Tile, filters: string) {
  return queryOptions<CourtTile>({
    queryKey: [`/api/courts/tiles/${z}/${x}/${y}${filters ? `?${filters}` : ""}`],
    staleTime: TILE_STALE_MS,
  });
}

function padded([west, south, east, north]: BBox): BBox {
  const dx = (east - west) * VIEW_MARGIN;
  const dy = (north - south) * VIEW_MARGIN;
  return [west - dx, Math.max(-90, south - dy), east + dx, Math.min(90, north + dy)];
}

/** The court tiles a view asks for: the view and a margin, at the court tiles' zoom. */
export const viewTiles = (view: MapViewState): Tile[] =>
  tilesCovering(padded(view.bbox), courtTileZoom(view.zoom));

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
    queries: tiles.map((tile) => courtTileQuery(tile, filterText)),
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
