import type { Court } from "@common/courts.ts";

export function testCourt(overrides: Partial<Court> = {}): Court {
  return {
    id: 1,
    name: "Venice Beach Courts",
    address: "1800 Ocean Front Walk, Venice",
    latitude: 33.985,
    longitude: -118.472,
    isIndoor: false,
    courtType: "outdoor",
    numberOfCourts: 4,
    lighting: true,
    freeToPlay: true,
    rating: 4.8,
    description: "Famous beach courts",
    amenities: [],
    activePlayers: 5,
    surface: null,
    openingHours: null,
    timeZone: "America/Los_Angeles",
    ...overrides,
  };
}
