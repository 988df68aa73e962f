import type { CourtSuggestion } from "@common/court-suggestions.ts";
import { describe, expect, it } from "vitest";
import { proposalLines, suggestionTitle } from "./suggestion-format.ts";

const none: CourtSuggestion["proposal"] = {
  name: null,
  address: null,
  isIndoor: null,
  lighting: null,
  freeToPlay: null,
  numberOfCourts: null,
  closed: null,
};

describe("suggestion wording", () => {
  it("lists only what a correction changes", () => {
    expect(
      proposalLines({
        kind: "change",
        proposal: { ...none, name: "Pier Park", lighting: false, closed: true },
      }),
    ).toEqual(["Name: Pier Park", "No lights", "Closed for good"]);
  });

  it("lists a new court's facts, its name being the title", () => {
    const proposal = {
      ...none,
      name: "Pier Park",
      address: "1 Pier Ave",
      isIndoor: false,
      lighting: true,
      freeToPlay: true,
      numberOfCourts: 2,
      closed: null,
    };
    expect(proposalLines({ kind: "new", proposal })).toEqual([
      "1 Pier Ave",
      "Outdoor",
      "Lights",
      "Free",
      "2 courts",
    ]);
    expect(suggestionTitle({ kind: "new", courtName: "Pier Park" })).toBe("New court: Pier Park");
    expect(suggestionTitle({ kind: "change", courtName: "Venice" })).toBe("Correction of Venice");
  });
});
