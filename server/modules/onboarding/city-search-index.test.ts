import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLocationSuggestions } from "../../db/seed/location-suggestions.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { nearestCity, searchCities } from "./city-search.ts";

// With every US city loaded, as `npm start` and the browser journeys have them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await loadLocationSuggestions(t.db)).toBeGreaterThan(15_000);
  await t.db.execute(sql`analyze location_suggestions`);
});
afterAll(() => t.close());

async function planOf(query: string): Promise<string> {
  // The statement searchCities runs, with the same shape of condition.
  const result = await t.db.execute(sql`explain
    select id from location_suggestions
    where lower(city) like lower(${`${query}%`}) and is_active = true
    order by population desc, city, id limit 10`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row).join(" ")).join("\n");
}

describe("city search over all US cities", () => {
  it("walks the city prefix index instead of reading the whole table", async () => {
    for (const query of ["a", "aus", "los angeles", "springfield"]) {
      const plan = await planOf(query);
      expect(plan, plan).toContain("location_suggestions_city_prefix_idx");
      expect(plan, plan).not.toMatch(/Seq Scan/);
    }
  });

  it("finds the big cities first", async () => {
    const first = async (q: string) => {
      const [top] = await searchCities(t.db, q);
      return top && `${top.city}, ${top.state}`;
    };
    expect(await first("los")).toBe("Los Angeles, CA");
    expect(await first("new y")).toBe("New York City, NY");
    expect(await first("Austin, T")).toBe("Austin, TX");
    expect(await first("portland, me")).toBe("Portland, ME");
    expect(await searchCities(t.db, "s")).toHaveLength(10);
  });

  it("answers each keystroke quickly", async () => {
    const started = performance.now();
    for (const q of ["s", "sa", "san", "san ", "san f", "san fr", "san fra"]) {
      await searchCities(t.db, q);
    }
    // Seven keystrokes; generous for a loaded CI machine, far below a full scan per key.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("resolves a position to the nearest city", async () => {
    const city = await nearestCity(t.db, 40.7484, -73.9857); // Empire State Building
    expect(city?.state).toBe("NY");
    expect((await nearestCity(t.db, 34.0522, -118.2437))?.city).toBe("Los Angeles");
  });
});
