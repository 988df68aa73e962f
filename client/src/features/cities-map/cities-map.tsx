import "leaflet/dist/leaflet.css";
import "./cities-map.css";
import { PRODUCT_NAME } from "@common/constants.ts";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn.ts";
import { buildCitiesMap, type PopupSlot } from "./build-cities-map.ts";
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
 * The embeddable cities map (spec §2 "Cities map widget"): created once per city list and
 * removed with the widget. Each popup's content is a React portal into the element Leaflet
 * shows, so it is there (with its size) before the popup first opens.
 */
export default function CitiesMap({ cities, className }: CitiesMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const [slots, setSlots] = useState<PopupSlot[]>([]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { map, slots } = buildCitiesMap(container, cities, { animate: !prefersReducedMotion() });
    setSlots(slots);
    return () => {
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
