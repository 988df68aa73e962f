import { describe, expect, it } from "vitest";
import { clusterCourts } from "./court-clusters.ts";
import { testCourt } from "./test-courts.ts";

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe("clusterCourts", () => {
  // Two groups far apart: three courts within a few hundred metres in LA, one in New York.
  const courts = [
    testCourt({ id: 1, latitude: 34.05, longitude: -118.25 }),
    testCourt({ id: 2, latitude: 34.051, longitude: -118.251 }),
    testCourt({ id: 3, latitude: 34.052, longitude: -118.249 }),
    testCourt({ id: 4, latitude: 40.71, longitude: -74.0 }),
  ];
  const clusters = clusterCourts(courts);

  it("groups nearby courts at a country-wide zoom and keeps a lone court single", () => {
    const items = clusters.itemsIn(WORLD, 4);
    const cluster = items.find((item) => item.kind === "cluster");
    expect(cluster).toMatchObject({ kind: "cluster", count: 3 });
    expect(items).toContainEqual({ kind: "court", court: courts[3] });
    expect(items).toHaveLength(2);
  });

  it("splits a cluster into courts at its expansion zoom or closer", () => {
    const cluster = clusters.itemsIn(WORLD, 4).find((item) => item.kind === "cluster");
    if (cluster?.kind !== "cluster") throw new Error("no cluster");
    const zoom = clusters.expansionZoom(cluster.id);
    expect(zoom).toBeGreaterThan(4);
    const close = clusters.itemsIn(WORLD, 18).filter((item) => item.kind === "court");
    expect(close).toHaveLength(4);
  });

  it("returns only what is inside the box", () => {
    const newYork: [number, number, number, number] = [-75, 40, -73, 41];
    expect(clusters.itemsIn(newYork, 10)).toEqual([{ kind: "court", court: courts[3] }]);
  });

  it("keeps 10,000 courts to a few hundred markers at zoom 4", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      testCourt({
        id: i + 1,
        latitude: 25 + (i % 100) * 0.24,
        longitude: -124 + Math.floor(i / 100) * 0.57,
      }),
    );
    const items = clusterCourts(many).itemsIn(WORLD, 4);
    expect(items.length).toBeLessThan(500);
    const total = items.reduce((sum, item) => sum + (item.kind === "cluster" ? item.count : 1), 0);
    expect(total).toBe(10_000);
  });
});
