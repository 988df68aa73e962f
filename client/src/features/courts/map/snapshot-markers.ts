import type { CourtTile } from "@common/courts.ts";
import {
  ACTIVE_COURT_Z_OFFSET,
  CLUSTER_MARKER_CLASS,
  COURT_MARKER_CLASS,
  COURT_MARKER_PX,
  clusterMarkerHtml,
  clusterMarkerPx,
  courtMarkerHtml,
} from "@/components/map/marker-markup.ts";
import { type FirstView, markerPoint, project } from "./leaflet-view.ts";
import { itemsOfTiles, markersAt } from "./map-items.ts";

/** One marker of the snapshot: its markup, box (CSS px from the map box's top-left) and order. */
export type SnapshotMarker = {
  className: string;
  html: string;
  left: number;
  top: number;
  size: number;
  zIndex: number;
};

/**
 * The markers the map will draw on its first view, where Leaflet will draw them: the tiles'
 * clusters and courts, merged as the markers layer merges them at that zoom, each placed at its
 * anchor (`markerPoint`) less half its size, stacked as Leaflet stacks them (by y, courts with
 * players on top). Markers wholly outside the box are left out (the box clips them anyway).
 */
export function snapshotMarkers(
  tiles: readonly CourtTile[],
  view: FirstView,
  box: { width: number; height: number },
): SnapshotMarker[] {
  const shown = markersAt(itemsOfTiles(tiles), view.zoom, (latitude, longitude) =>
    project(latitude, longitude, view.zoom),
  );
  const markers: SnapshotMarker[] = [];
  for (const item of shown) {
    const look =
      item.kind === "court"
        ? {
            ...item.court,
            className: COURT_MARKER_CLASS,
            html: courtMarkerHtml(item.court.activePlayers > 0),
            size: COURT_MARKER_PX,
            zOffset: item.court.activePlayers > 0 ? ACTIVE_COURT_Z_OFFSET : 0,
          }
        : {
            ...item,
            className: CLUSTER_MARKER_CLASS,
            html: clusterMarkerHtml(item.count),
            size: clusterMarkerPx(item.count),
            zOffset: 0,
          };
    const { size } = look;
    const at = markerPoint(view, look.latitude, look.longitude);
    const left = at.x - size / 2;
    const top = at.y - size / 2;
    if (left + size < 0 || top + size < 0 || left > box.width || top > box.height) continue;
    markers.push({
      className: look.className,
      html: look.html,
      left,
      top,
      size,
      zIndex: at.y + look.zOffset,
    });
  }
  return markers;
}
