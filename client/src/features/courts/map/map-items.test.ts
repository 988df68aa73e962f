import { describe, expect, it } from "vitest";
import { testCourt } from "@/test-support/test-courts.ts";
import {
  courtIn,
  itemsOfCourts,
  itemsOfTiles,
  type MapItem,
  mergeOverlapping,
} from "./map-items.ts";

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

describe("mergeOverlapping", () => {
  // One pixel per 0.001 degree, plain enough to reason about.
  const project = (latitude: number, longitude: number) => ({
    x: longitude * 1000,
    y: -latitude * 1000,
  });

  it("merges markers that would overlap, keeping counts, weighted position and bounds", () => {
    const big = { ...cluster("a", 30), latitude: 34, longitude: -118 };
    const small = { ...cluster("b", 10), latitude: 34.02, longitude: -118 };
    const court = testCourt({ id: 5, latitude: 34.01, longitude: -118.03 });
    const far = testCourt({ id: 6, latitude: 35, longitude: -118 });
    const items: MapItem[] = [
      { kind: "court", court },
      { kind: "cluster", ...small },
      { kind: "court", court: far },
      { kind: "cluster", ...big },
    ];
    const merged = mergeOverlapping(items, project, 48);
    expect(merged).toHaveLength(2);
    const group = merged.find((item) => item.kind === "cluster");
    expect(group).toMatchObject({ kind: "cluster", key: "a", count: 41 });
    if (group?.kind !== "cluster") throw new Error("no cluster");
    expect(group.latitude).toBeCloseTo((34 * 30 + 34.02 * 10 + 34.01) / 41, 9);
    expect(group.bounds).toEqual([-118.1, 33.9, -117.9, 34.1]);
    expect(merged).toContainEqual({ kind: "court", court: far });
  });

  it("leaves markers apart that do not overlap", () => {
    const items = itemsOfCourts([
      testCourt({ id: 1, latitude: 34, longitude: -118 }),
      testCourt({ id: 2, latitude: 34, longitude: -117.9 }),
    ]);
    expect(mergeOverlapping(items, project, 48)).toEqual(items);
  });
});
