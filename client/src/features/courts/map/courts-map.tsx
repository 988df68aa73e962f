import "leaflet/dist/leaflet.css";
import "@/components/map/courts-map.css";
import type { Court } from "@common/courts.ts";
import { useEffect, useRef, useState } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  type MapView,
  SINGLE_COURT_ZOOM,
} from "@/components/map/map-view.ts";
import { TILE_ATTRIBUTION, tileOptions } from "@/lib/tile-layer.ts";
import { useNextTask } from "@/lib/use-next-task.ts";
import { CourtMarkersLayer } from "./court-markers-layer.tsx";
import type { MapItem } from "./map-items.ts";
import { FIT_OPTIONS, showView, viewOf } from "./map-moves.ts";
import type { MapViewState } from "./view-tiles.ts";

/** Where the map should go; a new `key` moves it once (the first view, a search's results). */
export type MapTarget = { key: string; view: MapView };

type ViewControllerProps = {
  target: MapTarget | null;
  /** The target the map was created showing: not shown a second time. */
  createdAt: MapTarget | null;
  selected: Court | null;
  animate: boolean;
  onViewChange: (view: MapViewState) => void;
};

/**
 * Moves the map to each new target and to a chosen court, and tells the directory what it
 * shows after every pan or zoom (the tiles and the cards follow the view).
 */
function ViewController({
  target,
  createdAt,
  selected,
  animate,
  onViewChange,
}: ViewControllerProps) {
  const map = useMap();
  const report = useRef(onViewChange);
  report.current = onViewChange;

  // Attached once per map; the first read covers a move made before it existed.
  useEffect(() => {
    const moved = () => report.current(viewOf(map));
    moved();
    map.on("moveend", moved);
    return () => {
      map.off("moveend", moved);
    };
  }, [map]);

  const shownKey = useRef<string | null>(createdAt?.key ?? null);
  useEffect(() => {
    if (!target || shownKey.current === target.key) return;
    const first = shownKey.current === null;
    shownKey.current = target.key;
    showView(map, target.view, animate && !first);
  }, [map, target, animate]);

  // Keyed on the id and place, not the object: a refetched tile must not move the map again.
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
  /** The markers to show; undefined while the first ones load. */
  items: readonly MapItem[] | undefined;
  target: MapTarget | null;
  selected: Court | null;
  onViewChange: (view: MapViewState) => void;
  onSelect: (court: Court) => void;
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The directory's Leaflet map (product §2, §9); loaded as its own chunk. */
export default function CourtsMap({ items, onSelect, ...view }: CourtsMapProps) {
  const animate = !prefersReducedMotion();
  // Created showing its first target: created at the default view and then moved, Leaflet laid
  // out and asked for two sets of tiles in the same long task (issue 13, blocking time).
  const [createdAt] = useState(() => view.target);
  const first = createdAt?.view;
  const placement =
    first?.kind === "bounds"
      ? { bounds: first.bounds, boundsOptions: FIT_OPTIONS }
      : { center: first?.center ?? DEFAULT_CENTER, zoom: first?.zoom ?? DEFAULT_ZOOM };
  // The map's images are laid out in the task after the map's own: both in one was a long task
  // on a phone, with the markers' first batch after them.
  const withTiles = useNextTask();
  return (
    <MapContainer
      {...placement}
      maxZoom={MAX_ZOOM}
      zoomAnimation={animate}
      fadeAnimation={animate}
      markerZoomAnimation={animate}
      className="size-full"
    >
      {withTiles && <TileLayer {...tileOptions(MAX_ZOOM)} attribution={TILE_ATTRIBUTION} />}
      <ViewController {...view} createdAt={createdAt} animate={animate} />
      {items && <CourtMarkersLayer items={items} animate={animate} onSelect={onSelect} />}
    </MapContainer>
  );
}
