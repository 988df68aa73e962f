import type { Queryable } from "../../db/client.ts";
import { locationSuggestions } from "../../db/schema.ts";

type CityRow = typeof locationSuggestions.$inferInsert;

/** A few real places (GeoNames figures) plus oddly named ones for the LIKE-escaping tests. */
export const TEST_CITIES: CityRow[] = [
  { city: "Austin", state: "TX", latitude: 30.26715, longitude: -97.74306, population: 961855 },
  { city: "Austin", state: "MN", latitude: 43.66663, longitude: -92.97464, population: 24718 },
  { city: "Austintown", state: "OH", latitude: 41.10172, longitude: -80.76452, population: 29677 },
  { city: "Aurora", state: "CO", latitude: 39.72943, longitude: -104.83192, population: 379289 },
  { city: "Aurora", state: "IL", latitude: 41.76058, longitude: -88.32007, population: 197899 },
  { city: "Atlanta", state: "GA", latitude: 33.749, longitude: -84.38798, population: 498715 },
  { city: "Round Rock", state: "TX", latitude: 30.50826, longitude: -97.6789, population: 119468 },
  {
    city: "Los Angeles",
    state: "CA",
    latitude: 34.05223,
    longitude: -118.24368,
    population: 3971883,
  },
  {
    city: "Santa Monica",
    state: "CA",
    latitude: 34.01949,
    longitude: -118.49138,
    population: 91411,
  },
  {
    city: "Ghost Town",
    state: "NV",
    latitude: 38.5,
    longitude: -117.0,
    population: 5000,
    isActive: false,
  },
  // Names with LIKE wildcards: a search for "100%" must not find "1000 Oaks".
  { city: "100% Hoops", state: "TX", latitude: 29.0, longitude: -95.0, population: 1200 },
  { city: "1000 Oaks", state: "TX", latitude: 29.1, longitude: -95.1, population: 1300 },
  { city: "Under_Score", state: "TX", latitude: 29.2, longitude: -95.2, population: 1400 },
  { city: "UnderXScore", state: "TX", latitude: 29.3, longitude: -95.3, population: 1500 },
  { city: "Back\\Slash", state: "TX", latitude: 29.4, longitude: -95.4, population: 1600 },
];

/** Twelve Springfields, more than one answer holds, with populations 1,000 … 12,000. */
export const SPRINGFIELDS: CityRow[] = Array.from({ length: 12 }, (_, i) => ({
  city: "Springfield",
  state: `S${String.fromCharCode(65 + i)}`,
  latitude: 40 + i / 10,
  longitude: -90 - i / 10,
  population: (i + 1) * 1000,
}));

export async function insertTestCities(db: Queryable, rows = [...TEST_CITIES, ...SPRINGFIELDS]) {
  await db.insert(locationSuggestions).values(rows);
}
