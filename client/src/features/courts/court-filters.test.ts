import { describe, expect, it } from "vitest";
import {
  applyFilters,
  type CourtFilters,
  DEFAULT_FILTERS,
  filterCourts,
  hasActiveFilters,
  sortCourts,
  toggleCourtType,
  toggleFlag,
} from "./court-filters.ts";
import { SAMPLE_COURTS, testCourt } from "./test-courts.ts";

const ids = (courts: readonly { id: number }[]) => courts.map((c) => c.id);
const withFilters = (changes: Partial<CourtFilters>) => ({ ...DEFAULT_FILTERS, ...changes });

describe("the filter toggles", () => {
  it("default to all courts, sorted by rating", () => {
    expect(DEFAULT_FILTERS).toEqual({
      search: "",
      courtType: "all",
      litOnly: false,
      freeOnly: false,
      sort: "rating",
    });
    expect(ids(filterCourts(SAMPLE_COURTS, DEFAULT_FILTERS))).toEqual([1, 2, 3]);
  });

  it("Outdoor and Indoor select one type; pressing the selected one again resets to all", () => {
    const outdoor = toggleCourtType(DEFAULT_FILTERS, "outdoor");
    expect(outdoor.courtType).toBe("outdoor");
    expect(ids(filterCourts(SAMPLE_COURTS, outdoor))).toEqual([1, 3]);

    const indoor = toggleCourtType(outdoor, "indoor");
    expect(indoor.courtType).toBe("indoor");
    expect(ids(filterCourts(SAMPLE_COURTS, indoor))).toEqual([2]);

    expect(toggleCourtType(indoor, "indoor").courtType).toBe("all");
    expect(toggleCourtType(outdoor, "outdoor").courtType).toBe("all");
  });

  it("Lit Courts keeps lit courts only, and a second press shows all again", () => {
    const lit = toggleFlag(DEFAULT_FILTERS, "litOnly");
    expect(ids(filterCourts(SAMPLE_COURTS, lit))).toEqual([1, 2]);
    expect(toggleFlag(lit, "litOnly")).toEqual(DEFAULT_FILTERS);
  });

  it("Free to Play keeps free courts only, and a second press shows all again", () => {
    const free = toggleFlag(DEFAULT_FILTERS, "freeOnly");
    expect(ids(filterCourts(SAMPLE_COURTS, free))).toEqual([1, 3]);
    expect(toggleFlag(free, "freeOnly")).toEqual(DEFAULT_FILTERS);
  });

  it("combines filters: indoor and free leaves nothing in the sample", () => {
    const filters = toggleFlag(toggleCourtType(DEFAULT_FILTERS, "indoor"), "freeOnly");
    expect(filterCourts(SAMPLE_COURTS, filters)).toEqual([]);
  });

  it("does not change the filters it is given", () => {
    const before = { ...DEFAULT_FILTERS };
    toggleCourtType(DEFAULT_FILTERS, "indoor");
    toggleFlag(DEFAULT_FILTERS, "litOnly");
    expect(DEFAULT_FILTERS).toEqual(before);
  });
});

describe("the search", () => {
  const search = (text: string) => ids(filterCourts(SAMPLE_COURTS, withFilters({ search: text })));

  it("matches the name, the address and the description, ignoring case", () => {
    expect(search("venice")).toEqual([1]);
    expect(search("SCHRADER")).toEqual([2]);
    expect(search("fairfax")).toEqual([3]);
    expect(search("los angeles")).toEqual([2, 3]);
  });

  it("needs every word, in any order, and ignores extra spaces", () => {
    expect(search("  angeles   pan ")).toEqual([3]);
    expect(search("venice indoor")).toEqual([]);
  });

  it("ignores accents", () => {
    const courts = [testCourt({ id: 9, name: "Parc Café" })];
    expect(ids(filterCourts(courts, withFilters({ search: "cafe" })))).toEqual([9]);
    expect(ids(filterCourts(courts, withFilters({ search: "CAFÉ" })))).toEqual([9]);
  });

  it("treats a blank search as no search and finds nothing for an unknown word", () => {
    expect(search("   ")).toEqual([1, 2, 3]);
    expect(search("zzzz")).toEqual([]);
  });
});

describe("the sorts", () => {
  it("Highest Rated puts the best rating first, ties by name", () => {
    const tie = [...SAMPLE_COURTS, testCourt({ id: 4, name: "Alpha Park", rating: 4.5 })];
    expect(ids(sortCourts(tie, "rating"))).toEqual([1, 4, 3, 2]);
  });

  it("Name A-Z sorts by name, ignoring case and reading numbers as numbers", () => {
    const courts = [
      testCourt({ id: 1, name: "court 10" }),
      testCourt({ id: 2, name: "Court 9" }),
      testCourt({ id: 3, name: "Ashland" }),
    ];
    expect(ids(sortCourts(courts, "name"))).toEqual([3, 2, 1]);
  });

  it("Most Active puts the most active players first, then the better rating", () => {
    const courts = [...SAMPLE_COURTS, testCourt({ id: 4, rating: 5, activePlayers: 2 })];
    expect(ids(sortCourts(courts, "active"))).toEqual([1, 4, 3, 2]);
  });

  it("returns a copy and leaves the input order alone", () => {
    const input = [...SAMPLE_COURTS];
    sortCourts(input, "name");
    expect(ids(input)).toEqual([1, 2, 3]);
  });

  it("applyFilters filters, then sorts", () => {
    const filters = withFilters({ search: "los angeles", sort: "name" });
    expect(ids(applyFilters(SAMPLE_COURTS, filters))).toEqual([2, 3]);
  });
});

describe("hasActiveFilters", () => {
  it("is false for the defaults and true once anything differs", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(withFilters({ search: "  " }))).toBe(false);
    expect(hasActiveFilters(withFilters({ search: "x" }))).toBe(true);
    expect(hasActiveFilters(withFilters({ courtType: "indoor" }))).toBe(true);
    expect(hasActiveFilters(withFilters({ litOnly: true }))).toBe(true);
    expect(hasActiveFilters(withFilters({ sort: "name" }))).toBe(true);
  });
});
