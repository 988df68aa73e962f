import "leaflet/dist/leaflet.css";
import "./courts-map.css";
import type { Court } from "@common/courts.ts";
import type { Map as LeafletMap } from "leaflet";
import { useEffect, useRef } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import { CourtMarkersLayer } from "./court-markers-layer.tsx";
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  initialView,
  type LatLng,
  MAX_ZOOM,
  type MapView,
  SINGLE_COURT_ZOOM,
  TILE_ATTRIBUTION,
  TILE_URL,
  viewForCourts,
} from "./map-view.ts";

function showView(map: LeafletMap, view: MapView, animate: boolean) {
  if (view.kind === "center") map.setView(view.center, view.zoom, { animate });
  else map.fitBounds(view.bounds, { padding: [32, 32], maxZoom: SINGLE_COURT_ZOOM, animate });
}

type ViewControllerProps = {
  courts: readonly Court[] | undefined;
  nearby: LatLng | null;
  filtersKey: string;
  search: string;
  selected: Court | null;
  animate: boolean;
};

/**
 * Moves the map: once the courts arrive, to the visitor's area (?lat=&lng=) or to all courts.
 * After that, a new search shows what it found; a toggle moves the map only when none of the
 * remaining courts is in view, so pressing Lit Courts while looking at one city stays there.
 * Choosing a court brings the map to it.
 */
function ViewController(props: ViewControllerProps) {
  const { courts, nearby, filtersKey, search, selected, animate } = props;
  const map = useMap();
  const shown = useRef<{ filtersKey: string; search: string } | null>(null);

  useEffect(() => {
    if (!courts || shown.current?.filtersKey === filtersKey) return;
    const previous = shown.current;
    shown.current = { filtersKey, search };
    if (!previous) return showView(map, initialView(courts, nearby), false);
    if (courts.length === 0) return; // 'No courts found': stay where the visitor was
    const bounds = map.getBounds();
    const anyInView = courts.some((c) => bounds.contains([c.latitude, c.longitude]));
    if (previous.search !== search || !anyInView) showView(map, viewForCourts(courts), animate);
  }, [map, courts, nearby, filtersKey, search, animate]);

  // Keyed on the id and place, not the object: a refetched list must not move the map again.
  const selectedId = selected?.id;
  const lat = selected?.latitude;
  const lng = selected?.longitude;
  useEffect(() => {
    if (selectedId === undefined || lat === undefined || lng === undefined) return;
    map.setView([lat, lng], Math.max(map.getZoom(), SINGLE_COURT_ZOOM), { animate });
  }, [map, selectedId, lat, lng, animate]);

  return null;
}

export type CourtsMapProps = {
  /** undefined while the list is loading: the map waits at the default view. */
  courts: readonly Court[] | undefined;
  nearby: LatLng | null;
  /** Changes whenever the filters do, so the map can move to what they leave. */
  filtersKey: string;
  /** The search text the courts were found with. */
  search: string;
  selected: Court | null;
  onSelect: (court: Court) => void;
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The directory's Leaflet map (spec §2, §9); loaded as its own chunk. */
export default function CourtsMap({ onSelect, ...view }: CourtsMapProps) {
  const animate = !prefersReducedMotion();
  return (
    <MapContainer
      center={DEFAULT_CENTER}
      zoom={DEFAULT_ZOOM}
      maxZoom={MAX_ZOOM}
      zoomAnimation={animate}
      fadeAnimation={animate}
      markerZoomAnimation={animate}
      className="size-full"
    >
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} maxZoom={MAX_ZOOM} />
      <ViewController {...view} animate={animate} />
      {view.courts && (
        <CourtMarkersLayer courts={view.courts} animate={animate} onSelect={onSelect} />
      )}
    </MapContainer>
  );
}
