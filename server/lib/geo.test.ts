import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceBetween, type LatLng, roundCoordinate } from "../../common/geo.ts";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { greatCircleSql, withinDistanceBoxSql } from "./geo.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The SQL expression evaluated by the database for one pair of positions. */
async function sqlDistance(a: LatLng, b: LatLng, unit: "mi" | "km"): Promise<number> {
  const lat = sql`${b.latitude}::double precision`;
  const lng = sql`${b.longitude}::double precision`;
  const result = await database.db.execute(sql`select ${greatCircleSql(lat, lng, a, unit)} as d`);
  return Number(rowsOf(result)[0]?.d);
}

describe("greatCircleSql", () => {
  it("gives the same distances as the shared function", async () => {
    const positions = fc.sample(
      // As stored: coordinates keep 7 decimals (roundCoordinate).
      fc.record({
        latitude: fc.double({ min: -89, max: 89, noNaN: true }).map(roundCoordinate),
        longitude: fc.double({ min: -180, max: 180, noNaN: true }).map(roundCoordinate),
      }),
      { numRuns: 40, seed: 11 },
    );
    for (let i = 0; i + 1 < positions.length; i += 2) {
      const a = positions[i] as LatLng;
      const b = positions[i + 1] as LatLng;
      for (const unit of ["mi", "km"] as const) {
        expect(await sqlDistance(a, b, unit)).toBeCloseTo(distanceBetween(a, b, unit), 6);
      }
    }
    const venice = { latitude: 33.985, longitude: -118.47 };
    expect(await sqlDistance(venice, venice, "mi")).toBe(0);
    // The smallest stored step next to the origin: a centimetre, no floating-point underflow.
    const origin = { latitude: 0, longitude: 0 };
    const step = { latitude: 1e-7, longitude: -1e-7 };
    expect(await sqlDistance(origin, step, "km")).toBeCloseTo(
      distanceBetween(origin, step, "km"),
      12,
    );
  });
});

describe("withinDistanceBoxSql", () => {
  async function inBox(center: LatLng, miles: number, point: LatLng): Promise<boolean> {
    const lat = sql`${point.latitude}::double precision`;
    const lng = sql`${point.longitude}::double precision`;
    const result = await database.db.execute(
      sql`select ${withinDistanceBoxSql(lat, lng, center, miles)} as inside`,
    );
    return rowsOf(result)[0]?.inside === true;
  }

  it("keeps near points and drops far ones", async () => {
    const venice = { latitude: 33.985, longitude: -118.47 };
    expect(await inBox(venice, 50, { latitude: 34.05, longitude: -118.24 })).toBe(true);
    expect(await inBox(venice, 50, { latitude: 40.71, longitude: -74 })).toBe(false);
  });

  it("wraps across the antimeridian instead of losing the other side", async () => {
    // Two points 20 miles apart on either side of 180° (the Aleutians, Fiji).
    const east = { latitude: 52, longitude: 179.8 };
    const west = { latitude: 52, longitude: -179.8 };
    expect(distanceBetween(east, west)).toBeLessThan(20);
    expect(await inBox(east, 20, west)).toBe(true);
    expect(await inBox(west, 20, east)).toBe(true);
    expect(await inBox(east, 20, { latitude: 52, longitude: 0 })).toBe(false);
  });
});
