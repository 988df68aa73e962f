import L from "leaflet";
import type { MapViewState } from "./court-tiles-query.ts";
import { FIT_PADDING_PX } from "./leaflet-view.ts";
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  type MapView,
  SINGLE_COURT_ZOOM,
} from "./map-view.ts";

/**
 * For tests: the view real Leaflet reports (as courts-map.tsx reads it) once the directory's
 * map has shown `view` in a box of that size. jsdom has no layout, so the box's size is set.
 */
export function realLeafletView(view: MapView, width: number, height: number): MapViewState {
  const box = document.createElement("div");
  Object.defineProperty(box, "clientWidth", { value: width });
  Object.defineProperty(box, "clientHeight", { value: height });
  document.body.append(box);
  const map = L.map(box, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, maxZoom: MAX_ZOOM });
  try {
    if (view.kind === "center") map.setView(view.center, view.zoom, { animate: false });
    else {
      map.fitBounds(view.bounds, {
        padding: [FIT_PADDING_PX, FIT_PADDING_PX],
        maxZoom: SINGLE_COURT_ZOOM,
        animate: false,
      });
    }
    const b = map.getBounds();
    return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
  } finally {
    map.remove();
    box.remove();
  }
}
