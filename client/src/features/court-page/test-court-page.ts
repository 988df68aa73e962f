import type { CourtDetail, CourtPresence } from "@common/court-page.ts";

/** A court as GET /api/courts/{id} answers it; override per test. */
export function testCourtDetail(overrides: Partial<CourtDetail> = {}): CourtDetail {
  return {
    id: 7,
    name: "Venice Beach Courts",
    address: "1800 Ocean Front Walk, Venice, CA 90291",
    latitude: 33.9858,
    longitude: -118.4731,
    isIndoor: false,
    courtType: "outdoor",
    numberOfCourts: 4,
    lighting: true,
    freeToPlay: true,
    rating: 4.6,
    description: "Famous outdoor runs on the boardwalk.",
    amenities: ["Restrooms"],
    activePlayers: 0,
    surface: null,
    openingHours: null,
    isActive: true,
    source: "seed",
    timeZone: "America/Los_Angeles",
    ratingsCount: 0,
    ...overrides,
  };
}

export const nobodyHere: CourtPresence = { count: 0, players: [], unnamed: 0, viewerHere: false };
