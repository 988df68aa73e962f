import L from "leaflet";
import { clusterIcon, courtIcon } from "@/components/map/court-marker-icons.ts";
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_ZOOM, type MapView } from "@/components/map/map-view.ts";
import { type MapItem, markersAt } from "./map-items.ts";
import { showView, viewOf } from "./map-moves.ts";
import type { MapViewState } from "./view-tiles.ts";

/**
 * For tests: the view real Leaflet reports (map-moves.ts, as the map itself) once the directory's
 * map has shown `view` in a box of that size. jsdom has no layout, so the box's size is set.
 */
export function realLeafletView(view: MapView, width: number, height: number): MapViewState {
  return onRealMap(view, width, height, viewOf);
}

/** A real Leaflet map as the directory creates it, in a box of that size, showing `view`. */
function onRealMap<T>(view: MapView, width: number, height: number, read: (map: L.Map) => T): T {
  const box = document.createElement("div");
  Object.defineProperty(box, "clientWidth", { value: width });
  Object.defineProperty(box, "clientHeight", { value: height });
  document.body.append(box);
  const map = L.map(box, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, maxZoom: MAX_ZOOM });
  try {
    showView(map, view, false);
    return read(map);
  } finally {
    map.remove();
    box.remove();
  }
}

/**
 * For tests: where real Leaflet draws these markers on the directory map's first view (the
 * map's own icons, merged as the markers layer merges them), as the top-left corner and size
 * of each marker's element in the box, with its markup.
 */
export function realLeafletMarkers(view: MapView, width: number, height: number, items: MapItem[]) {
  return onRealMap(view, width, height, (map) => {
    const zoom = map.getZoom();
    const shown = markersAt(items, zoom, (lat, lng) => map.project([lat, lng], zoom));
    return shown.map((item) => {
      const [position, icon] =
        item.kind === "court"
          ? [
              [item.court.latitude, item.court.longitude] as const,
              courtIcon(item.court.activePlayers > 0),
            ]
          : [[item.latitude, item.longitude] as const, clusterIcon(item.count)];
      const marker = L.marker([position[0], position[1]], {
        icon,
        // As the markers layer: courts with players above the others.
        zIndexOffset: item.kind === "court" && item.court.activePlayers > 0 ? 1000 : 0,
      }).addTo(map);
      const element = marker.getElement();
      if (!element) throw new Error("Leaflet drew no marker element");
      // The marker's place in its pane, and the pane's in the box (the map may have panned).
      const pane = L.DomUtil.getPosition(map.getPane("mapPane") as HTMLElement);
      const at = L.DomUtil.getPosition(element).add(pane);
      return {
        left: at.x + Number.parseFloat(element.style.marginLeft),
        top: at.y + Number.parseFloat(element.style.marginTop),
        size: Number.parseFloat(element.style.width),
        html: element.innerHTML,
        // Leaflet stacks by the marker's place in its pane: the same order as in the box.
        zIndex: Number(element.style.zIndex) + pane.y,
      };
    });
  });
}
