import type { FitBoundsOptions, Map as LeafletMap } from "leaflet";
import { type MapView, SINGLE_COURT_ZOOM } from "@/components/map/map-view.ts";
import { FIT_PADDING_PX } from "./leaflet-view.ts";
import type { MapViewState } from "./view-tiles.ts";

/**
 * How the directory's map shows a view and reports what it shows: one definition for the map
 * (courts-map.tsx) and for the test that checks leaflet-view.ts against real Leaflet.
 */
export function showView(map: LeafletMap, view: MapView, animate: boolean) {
  if (view.kind === "center") map.setView(view.center, view.zoom, { animate });
  else map.fitBounds(view.bounds, { ...FIT_OPTIONS, animate });
}

/** How a box of courts is fitted: with the map's padding, never closer than a court's zoom. */
export const FIT_OPTIONS = {
  padding: [FIT_PADDING_PX, FIT_PADDING_PX],
  maxZoom: SINGLE_COURT_ZOOM,
} satisfies FitBoundsOptions;

export function viewOf(map: LeafletMap): MapViewState {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
}
