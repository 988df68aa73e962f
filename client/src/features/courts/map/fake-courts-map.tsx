import { useEffect } from "react";
import type { CourtsMapProps } from "./courts-map.tsx";

/** The view the stand-in map reports: the contiguous United States at zoom 4. */
export const FAKE_MAP_VIEW = {
  bbox: [-125, 24, -66, 50] as [number, number, number, number],
  zoom: 4,
};

/**
 * Stands in for the Leaflet map in jsdom (no layout, no tiles): it reports one view, shows
 * where it was sent, and has one button per court marker, clicked like a marker (which
 * selects its court).
 */
export default function FakeCourtsMap({ items, target, onSelect, onViewChange }: CourtsMapProps) {
  useEffect(() => onViewChange(FAKE_MAP_VIEW), [onViewChange]);
  return (
    <div>
      <p data-testid="map-target">{target?.key ?? "none"}</p>
      <ul aria-label="Map markers">
        {items?.map((item) =>
          item.kind === "court" ? (
            <li key={item.court.id}>
              <button type="button" onClick={() => onSelect(item.court)}>
                Marker {item.court.name}
              </button>
            </li>
          ) : (
            <li key={item.key}>Cluster of {item.count}</li>
          ),
        )}
      </ul>
    </div>
  );
}
