import type { CourtSuggestion } from "@common/court-suggestions.ts";

/** A suggestion as the API answers it; override per test. */
export function testSuggestion(overrides: Partial<CourtSuggestion> = {}): CourtSuggestion {
  return {
    id: 1,
    kind: "change",
    status: "pending",
    courtId: 7,
    courtName: "Venice Beach Courts",
    latitude: 33.9858,
    longitude: -118.4731,
    proposal: {
      name: null,
      address: null,
      isIndoor: null,
      lighting: false,
      freeToPlay: null,
      numberOfCourts: null,
      closed: null,
    },
    confirmations: 1,
    objections: 0,
    createdAt: "2026-06-01T12:00:00Z",
    expiresAt: "2026-07-01T12:00:00Z",
    decidedAt: null,
    mine: false,
    viewerVote: null,
    ...overrides,
  };
}
