import "leaflet/dist/leaflet.css";
import "./cities-map.css";
import { PRODUCT_NAME } from "@common/constants.ts";
import { startTransition, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn.ts";
import {
  addCityMarkers,
  addStreetTiles,
  createCitiesMap,
  type PopupSlot,
} from "./build-cities-map.ts";
import { CityPopup } from "./city-popup.tsx";
import { type City, cityLabel } from "./us-cities.ts";

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

type CitiesMapProps = {
  /** Compared by identity: pass a stable list (a constant, or a memoised one). */
  cities: readonly City[];
  className?: string;
};

/**
 * The embeddable cities map (product §2 "Cities map widget"): created once per city list and
 * removed with the widget; its tiles and markers follow in the next tasks. Each popup's content
 * is a React portal into the element Leaflet shows, so it is there (with its size) before the
 * popup first opens.
 */
export default function CitiesMap({ cities, className }: CitiesMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const [slots, setSlots] = useState<PopupSlot[]>([]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = createCitiesMap(container, { animate: !prefersReducedMotion() });
    // The tiles and the markers each in a task of their own: one task for all of it held a
    // phone's main thread for 130–180 ms (issue 13).
    let next = setTimeout(() => {
      addStreetTiles(map);
      next = setTimeout(() => {
        const slots = addCityMarkers(map, cities);
        // Sixteen hidden popups are no reason to hold the main thread either: as a transition,
        // React renders them in slices between the browser's other work.
        startTransition(() => setSlots(slots));
      }, 0);
    }, 0);
    return () => {
      clearTimeout(next);
      map.remove();
      setSlots([]);
    };
  }, [cities]);

  return (
    <div
      className={cn(
        // isolate: Leaflet's z-indexes stay inside the map, under the sticky top bar.
        "isolate h-96 w-full overflow-hidden rounded-xl border bg-muted shadow-sm",
        className,
      )}
    >
      <section
        ref={containerRef}
        aria-label={`Map of ${PRODUCT_NAME} cities`}
        className="size-full"
      />
      {slots.map(({ city, element }, index) =>
        createPortal(<CityPopup city={city} />, element, `${index}:${cityLabel(city)}`),
      )}
    </div>
  );
}
