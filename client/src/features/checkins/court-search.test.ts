import { describe, expect, it } from "vitest";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { filterCourts, toggleChip } from "./court-search.ts";

const courts = [
  testCourt({ id: 1, name: "Venice Beach Courts", activePlayers: 3 }),
  testCourt({
    id: 2,
    name: "Pan Pacific Park",
    isIndoor: true,
    activePlayers: 0,
    address: "7600 Beverly Blvd",
    latitude: 34.07,
    longitude: -118.35,
  }),
];
const venice = { latitude: 33.985, longitude: -118.472 };
const ids = (list: { id: number }[]) => list.map((c) => c.id);

describe("filterCourts", () => {
  it("matches every typed word in name or address, ignoring case", () => {
    expect(ids(filterCourts(courts, "BEVERLY", new Set(), null))).toEqual([2]);
    expect(ids(filterCourts(courts, "venice courts", new Set(), null))).toEqual([1]);
    expect(ids(filterCourts(courts, "", new Set(), null))).toEqual([1, 2]);
  });

  it("applies the chips: Active Now, Indoor, Outdoor, and Nearby within 5 miles", () => {
    expect(ids(filterCourts(courts, "", new Set(["active"]), null))).toEqual([1]);
    expect(ids(filterCourts(courts, "", new Set(["indoor"]), null))).toEqual([2]);
    expect(ids(filterCourts(courts, "", new Set(["outdoor"]), null))).toEqual([1]);
    expect(ids(filterCourts(courts, "", new Set(["nearby"]), venice))).toEqual([1]);
  });

  it("makes Indoor and Outdoor exclude each other", () => {
    expect([...toggleChip(new Set(["indoor"]), "outdoor")]).toEqual(["outdoor"]);
    expect([...toggleChip(new Set(["indoor"]), "indoor")]).toEqual([]);
  });
});
