import "leaflet/dist/leaflet.css";
import "@/components/map/courts-map.css";
import type { Position } from "@common/position.ts";
import { useEffect } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { courtIcon } from "@/components/map/court-marker-icons.ts";
import { TILE_ATTRIBUTION, tileOptions } from "@/lib/tile-layer.ts";

type PointPickerMapProps = {
  center: [number, number];
  zoom: number;
  point: Position | null;
  onPick: (point: Position) => void;
};

function Picker({ point, onPick }: Pick<PointPickerMapProps, "point" | "onPick">) {
  const map = useMap();
  useMapEvents({
    click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  // A point typed into the fields, or found by the browser, is brought into view.
  useEffect(() => {
    if (point && !map.getBounds().contains([point.latitude, point.longitude])) {
      map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), 15));
    }
  }, [map, point]);
  return point ? (
    <Marker position={[point.latitude, point.longitude]} icon={courtIcon(false)} keyboard={false} />
  ) : null;
}

/** Tap the map where the court is; its own chunk, like every map. */
export default function PointPickerMap({ center, zoom, point, onPick }: PointPickerMapProps) {
  return (
    <MapContainer center={center} zoom={zoom} className="size-full">
      <TileLayer {...tileOptions()} attribution={TILE_ATTRIBUTION} />
      <Picker point={point} onPick={onPick} />
    </MapContainer>
  );
}
