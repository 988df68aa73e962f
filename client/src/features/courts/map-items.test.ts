import { describe, expect, it } from "vitest";
import { courtIn, itemsOfCourts, itemsOfTiles } from "./map-items.ts";
import { testCourt } from "./test-courts.ts";

const cluster = (key: string, count: number) => ({
  key,
  count,
  latitude: 34,
  longitude: -118,
  bounds: [-118.1, 33.9, -117.9, 34.1] as [number, number, number, number],
});

describe("map items", () => {
  it("merges tiles into markers, each court once", () => {
    const a = testCourt({ id: 1 });
    const b = testCourt({ id: 2 });
    const items = itemsOfTiles([
      { clusters: [cluster("4/2/6/0/1", 12)], courts: [a] },
      { clusters: [], courts: [a, b] },
    ]);
    expect(items.map((i) => (i.kind === "court" ? i.court.id : i.key))).toEqual([
      "4/2/6/0/1",
      1,
      2,
    ]);
    expect(items[0]).toMatchObject({ kind: "cluster", count: 12 });
  });

  it("finds a court among the markers, and shows search results as markers", () => {
    const items = itemsOfCourts([testCourt({ id: 7, name: "Seven" })]);
    expect(courtIn(items, 7)?.name).toBe("Seven");
    expect(courtIn(items, 8)).toBeUndefined();
    expect(courtIn(items, null)).toBeUndefined();
  });
});
