import type { ReactNode } from "react";
import { LandingSection } from "./landing-section.tsx";

/** The available-cities section; the page passes the map in (features do not import each other). */
export function CitiesSection({ cityCount, children }: { cityCount: number; children: ReactNode }) {
  return (
    <LandingSection
      id="cities"
      title="Available Cities"
      intro={`We're bringing the bros together in ${cityCount} cities, and every one is coming soon. Pick a marker to see who's ready to ball.`}
    >
      {children}
    </LandingSection>
  );
}
