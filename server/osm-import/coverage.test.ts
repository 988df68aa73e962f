import { describe, expect, it } from "vitest";
import { Coverage } from "./coverage.ts";

describe("Coverage", () => {
  it("covers the cells that hold nodes of the extract, and nothing else", () => {
    const coverage = new Coverage();
    coverage.add(34.0, -118.5);
    expect(coverage.covers(34.005, -118.495)).toBe(true); // same 0.02° cell
    expect(coverage.covers(34.05, -118.5)).toBe(false); // 5 km north: no node there
    expect(coverage.covers(-34.0, 118.5)).toBe(false);
    expect(coverage.cells).toBe(1);
    coverage.add(34.001, -118.499);
    expect(coverage.cells).toBe(1);
  });

  it("stays inside the bounds the extract declares", () => {
    const coverage = new Coverage();
    coverage.add(47.139, 9.52);
    coverage.declare([9.5, 47.12, 9.5205, 47.16]);
    expect(coverage.covers(47.139, 9.52)).toBe(true);
    expect(coverage.covers(47.139, 9.521)).toBe(false); // same cell, outside the bounds
    coverage.declare([Number.NaN, 0, 1, 1]); // unreadable bounds are ignored
    expect(coverage.covers(47.139, 9.521)).toBe(true);
  });

  it("handles the edges of the world", () => {
    const coverage = new Coverage();
    coverage.add(90, 180);
    coverage.add(-90, -180);
    expect(coverage.covers(89.999, 179.999)).toBe(true);
    expect(coverage.covers(-89.999, -179.999)).toBe(true);
    coverage.add(Number.NaN, 0);
    expect(coverage.covers(Number.NaN, 0)).toBe(false);
  });
});
