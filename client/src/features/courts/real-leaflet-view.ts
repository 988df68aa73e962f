import L from "leaflet";
import { showView, viewOf } from "./map-moves.ts";
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_ZOOM, type MapView } from "./map-view.ts";
import type { MapViewState } from "./view-tiles.ts";

/**
 * For tests: the view real Leaflet reports (map-moves.ts, as the map itself) once the directory's
 * map has shown `view` in a box of that size. jsdom has no layout, so the box's size is set.
 */
export function realLeafletView(view: MapView, width: number, height: number): MapViewState {
  const box = document.createElement("div");
  Object.defineProperty(box, "clientWidth", { value: width });
  Object.defineProperty(box, "clientHeight", { value: height });
  document.body.append(box);
  const map = L.map(box, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, maxZoom: MAX_ZOOM });
  try {
    showView(map, view, false);
    return viewOf(map);
  } finally {
    map.remove();
    box.remove();
  }
}
