import { Map as LeafletMap, Marker, TileLayer } from "leaflet";
import { TILE_ATTRIBUTION, tileOptions } from "@/lib/tile-layer.ts";
import { cityMarkerIcon } from "./city-marker-icon.ts";
import { type City, cityLabel } from "./us-cities.ts";

/** Spec §2/§9: the centre of the contiguous United States at zoom 4. */
export const US_CENTER: [number, number] = [39.8283, -98.5795];
export const US_ZOOM = 4;

/** Where a city's popup content goes: Leaflet shows the element, React fills it. */
export type PopupSlot = { city: City; element: HTMLElement };

/**
 * The Leaflet map of product §2 "Cities map widget" in `container`, built in three steps that a
 * phone can run in separate tasks (each is tens of milliseconds there, issue 13):
 * `createCitiesMap` (zoom buttons, no mouse-wheel zoom as the page scrolls past it, the tiles'
 * credit already in place so nothing shifts when they come), `addStreetTiles`, and
 * `addCityMarkers` (one per city, whose popup shows the returned slot's element).
 */
export function createCitiesMap(
  container: HTMLElement,
  { animate }: { animate: boolean },
): LeafletMap {
  const map = new LeafletMap(container, {
    center: US_CENTER,
    zoom: US_ZOOM,
    zoomControl: true,
    scrollWheelZoom: false,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
  });
  map.attributionControl.addAttribution(TILE_ATTRIBUTION);
  return map;
}

export function addStreetTiles(map: LeafletMap): void {
  const { url, ...tiles } = tileOptions(19);
  new TileLayer(url, tiles).addTo(map);
}

export function addCityMarkers(map: LeafletMap, cities: readonly City[]): PopupSlot[] {
  return cities.map((city) => {
    const element = document.createElement("div");
    const label = cityLabel(city);
    const marker = new Marker([city.lat, city.lng], {
      icon: cityMarkerIcon(city),
      // Tab reaches each marker and Enter opens its popup; the title names it.
      keyboard: true,
      title: label,
      alt: label,
      riseOnHover: true,
    })
      .bindPopup(element, { maxWidth: 250, minWidth: 220, className: "city-popup-root" })
      .addTo(map);
    // Leaflet opens a popup on Enter only; a role="button" answers Space as well.
    marker.on("keydown", ({ originalEvent }) => {
      if ((originalEvent as KeyboardEvent).key !== " ") return;
      originalEvent.preventDefault();
      marker.togglePopup();
    });
    return { city, element };
  });
}
