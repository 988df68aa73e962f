import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  filterParams,
  hasActiveFilters,
  toggleCourtType,
  toggleFlag,
} from "./court-filters.ts";

describe("court filters", () => {
  it("treats Outdoor and Indoor as one choice that a second press releases", () => {
    const outdoor = toggleCourtType(DEFAULT_FILTERS, "outdoor");
    expect(outdoor.courtType).toBe("outdoor");
    expect(toggleCourtType(outdoor, "indoor").courtType).toBe("indoor");
    expect(toggleCourtType(outdoor, "outdoor").courtType).toBe("all");
  });

  it("turns Lit Courts and Free to Play on and off", () => {
    const lit = toggleFlag(DEFAULT_FILTERS, "litOnly");
    expect(lit.litOnly).toBe(true);
    expect(toggleFlag(lit, "litOnly").litOnly).toBe(false);
  });

  it("says whether anything differs from the defaults", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: "  " })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: "venice" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: "name" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, freeOnly: true })).toBe(true);
  });

  it("writes the toggles as the API's query, nothing for 'all'", () => {
    expect(filterParams(DEFAULT_FILTERS).toString()).toBe("");
    expect(filterParams({ courtType: "indoor", litOnly: true, freeOnly: true }).toString()).toBe(
      "type=indoor&lit=true&free=true",
    );
  });
});
