import { type BBox, courtTileZoom, type Tile, tilesCovering } from "@common/map-tiles.ts";

/** Markers just outside the view are fetched too, so a short pan shows no gap. */
const VIEW_MARGIN = 0.15;

export type MapViewState = { bbox: BBox; zoom: number };

/** GET /api/courts/tiles/{z}/{x}/{y} with the filters in its URL (the tile query's key). */
export const courtTileUrl = ({ z, x, y }: Tile, filters: string) =>
  `/api/courts/tiles/${z}/${x}/${y}${filters ? `?${filters}` : ""}`;

function padded([west, south, east, north]: BBox): BBox {
  const dx = (east - west) * VIEW_MARGIN;
  const dy = (north - south) * VIEW_MARGIN;
  return [west - dx, Math.max(-90, south - dy), east + dx, Math.min(90, north + dy)];
}

/** The court tiles a view asks for: the view and a margin, at the court tiles' zoom. */
export const viewTiles = (view: MapViewState): Tile[] =>
  tilesCovering(padded(view.bbox), courtTileZoom(view.zoom));
