import type { CourtDetail } from "@common/court-page.ts";

/** Stands in for the Leaflet map in jsdom (no layout, no tiles). */
export default function FakeCourtMap({ court }: { court: CourtDetail }) {
  return <p>Map of {court.name}</p>;
}
