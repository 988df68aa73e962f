import "leaflet/dist/leaflet.css";
import "@/components/map/courts-map.css";
import type { CourtDetail } from "@common/court-page.ts";
import { MapContainer, Marker, TileLayer } from "react-leaflet";
import { courtIcon } from "@/components/map/court-marker-icons.ts";
import { SINGLE_COURT_ZOOM } from "@/components/map/map-view.ts";
import { TILE_ATTRIBUTION, tileOptions } from "@/lib/tile-layer.ts";

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A small map of the court alone; its own chunk, so the page's facts never wait for Leaflet. */
export default function CourtMap({ court }: { court: CourtDetail }) {
  const animate = !prefersReducedMotion();
  const position: [number, number] = [court.latitude, court.longitude];
  return (
    <MapContainer
      center={position}
      zoom={SINGLE_COURT_ZOOM}
      zoomAnimation={animate}
      fadeAnimation={animate}
      markerZoomAnimation={animate}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayer {...tileOptions()} attribution={TILE_ATTRIBUTION} />
      <Marker
        position={position}
        icon={courtIcon(court.activePlayers > 0)}
        title={court.name}
        keyboard={false}
      />
    </MapContainer>
  );
}
