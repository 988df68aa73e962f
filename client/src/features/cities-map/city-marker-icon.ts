import { DivIcon } from "leaflet";
import type { City } from "./us-cities.ts";

/** Spec §9: a 44 px circle, anchored at its centre. */
export const CITY_MARKER_SIZE = 44;

// The list comes from props: its text must not become markup.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An orange circle with the city's emoji and a small green pulsing dot (cities-map.css). */
export function cityMarkerIcon(city: Pick<City, "emoji">): DivIcon {
  const half = CITY_MARKER_SIZE / 2;
  return new DivIcon({
    className: "city-marker-root",
    html: `<span class="city-marker"><span class="city-marker__emoji" aria-hidden="true">${escapeHtml(city.emoji)}</span><span class="city-marker__live" aria-hidden="true"></span></span>`,
    iconSize: [CITY_MARKER_SIZE, CITY_MARKER_SIZE],
    iconAnchor: [half, half],
    popupAnchor: [0, -half],
  });
}
