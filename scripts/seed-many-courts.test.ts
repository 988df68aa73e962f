import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../server/db/client.ts";
import { courts } from "../server/db/schema.ts";
import { openTestDatabase } from "../server/test-support/test-database.ts";
import { insertSyntheticCourts, syntheticCourts } from "./seed-many-courts.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("synthetic courts", () => {
  it("are plainly named, the same every run, and inside the contiguous US", async () => {
    const rows = await syntheticCourts(120);
    expect(rows[0]?.name).toBe("Test Court 0001");
    expect(rows[119]?.name).toBe("Test Court 0120");
    expect(await syntheticCourts(120)).toEqual(rows);
    for (const row of rows) {
      expect(row.latitude).toBeGreaterThan(24);
      expect(row.latitude).toBeLessThan(50);
      expect(row.longitude).toBeGreaterThan(-125.5);
      expect(row.longitude).toBeLessThan(-66);
      expect(row.rating).toBeGreaterThanOrEqual(2.5);
      expect(row.rating).toBeLessThanOrEqual(5);
    }
    expect((await syntheticCourts(10_000))[9_999]?.name).toBe("Test Court 10000");
  });

  it("are inserted with every column, amenities included", async () => {
    const rows = await syntheticCourts(7);
    await insertSyntheticCourts(database.db, rows);
    const stored = await database.db.select().from(courts).orderBy(courts.id);
    expect(stored).toHaveLength(7);
    expect(stored.map((c) => c.name)).toEqual(rows.map((r) => r.name));
    expect(stored.map((c) => c.amenities)).toEqual(rows.map((r) => r.amenities));
    expect(stored[0]).toMatchObject({ ...rows[0], isActive: true });
  });
});
