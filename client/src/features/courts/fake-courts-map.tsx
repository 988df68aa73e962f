import type { CourtsMapProps } from "./courts-map.tsx";

/**
 * Stands in for the Leaflet map in jsdom (no layout, no tiles): one button per court it was
 * given, clicked like a marker (which selects its court), so tests see what the map shows
 * and can select.
 */
export default function FakeCourtsMap({ courts, onSelect }: CourtsMapProps) {
  return (
    <ul aria-label="Map markers">
      {courts?.map((court) => (
        <li key={court.id}>
          <button type="button" onClick={() => onSelect(court)}>
            Marker {court.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
