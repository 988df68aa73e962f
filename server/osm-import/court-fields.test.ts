import { describe, expect, it } from "vitest";
import { courtKind } from "./basketball.ts";
import { courtFields } from "./court-fields.ts";
import type { CityFinder } from "./nearest-city.ts";
import type { Tags } from "./osm-elements.ts";

const nearVaduz: CityFinder = () => ({
  place: { name: "Vaduz", country: "LI", label: "Vaduz, Liechtenstein" },
  city: { name: "Vaduz", country: "LI", label: "Vaduz, Liechtenstein" },
});
const nowhere: CityFinder = () => null;
const VADUZ = { lat: 47.139, lon: 9.5215 };

const fields = (tags: Tags, finder: CityFinder = nearVaduz, type = "node" as const) => {
  const kind = courtKind(tags);
  if (!kind) throw new Error("not a court");
  return courtFields({ type, id: 42, tags, kind }, VADUZ, finder);
};

describe("courtKind", () => {
  it("keeps basketball pitches and sports centres, alone or in a ; list", () => {
    expect(courtKind({ leisure: "pitch", sport: "basketball" })).toBe("pitch");
    expect(courtKind({ leisure: "pitch", sport: "soccer; Basketball" })).toBe("pitch");
    expect(courtKind({ leisure: "sports_centre", sport: "basketball;volleyball" })).toBe(
      "sports_centre",
    );
  });

  it("drops other sports, other leisure and a sport without a place", () => {
    expect(courtKind({ leisure: "pitch", sport: "tennis" })).toBeNull();
    expect(courtKind({ leisure: "pitch", sport: "streetbasketball" })).toBeNull();
    expect(courtKind({ leisure: "playground", sport: "basketball" })).toBeNull();
    expect(courtKind({ sport: "basketball" })).toBeNull();
    expect(courtKind({ leisure: "pitch" })).toBeNull();
    expect(courtKind(undefined)).toBeNull();
  });
});

describe("courtFields", () => {
  it("names an unnamed court honestly and places it near the nearest known city", () => {
    const court = fields({ leisure: "pitch", sport: "basketball" });
    expect(court).toMatchObject({
      osmType: "node",
      osmId: 42,
      name: "Basketball court, Vaduz",
      address: "near Vaduz, Liechtenstein",
      city: "Vaduz",
      timeZone: "Europe/Vaduz",
      latitude: 47.139,
      longitude: 9.5215,
    });
    expect(fields({ leisure: "sports_centre", sport: "basketball" }).name).toBe(
      "Sports centre, Vaduz",
    );
    const remote = fields({ leisure: "pitch", sport: "basketball" }, nowhere);
    expect(remote).toMatchObject({ name: "Basketball court", address: null, city: null });
  });

  it("builds the address from addr:* tags", () => {
    const court = fields({
      leisure: "pitch",
      sport: "basketball",
      "addr:housenumber": "1800",
      "addr:street": "Ocean Front Walk",
      "addr:city": "Venice",
      "addr:state": "CA",
      "addr:postcode": "90291",
    });
    expect(court.address).toBe("1800 Ocean Front Walk, Venice, CA 90291");
    expect(court.city).toBe("Venice");
    const streetOnly = fields({
      leisure: "pitch",
      sport: "basketball",
      "addr:street": "Äulestrasse",
    });
    expect(streetOnly.address).toBe("Äulestrasse, Vaduz");
    expect(fields({ leisure: "pitch", sport: "basketball", "addr:city": "Schaan" }).address).toBe(
      "Schaan",
    );
  });

  it("maps lit, indoor, covered, sports centres, access and fee", () => {
    const base = { leisure: "pitch", sport: "basketball" };
    expect(fields(base)).toMatchObject({
      lighting: false,
      isIndoor: false,
      courtType: "outdoor",
      freeToPlay: true,
    });
    for (const lit of ["yes", "24/7", "automatic", "sunset-sunrise"]) {
      expect(fields({ ...base, lit }).lighting).toBe(true);
    }
    expect(fields({ ...base, lit: "no" }).lighting).toBe(false);
    expect(fields({ ...base, indoor: "yes" })).toMatchObject({
      isIndoor: true,
      courtType: "indoor",
    });
    expect(fields({ ...base, covered: "yes" }).isIndoor).toBe(true);
    expect(fields({ ...base, indoor: "no" }).isIndoor).toBe(false);
    expect(fields({ leisure: "sports_centre", sport: "basketball" }).isIndoor).toBe(true);
    expect(fields({ ...base, fee: "yes" }).freeToPlay).toBe(false);
    expect(fields({ ...base, fee: "no" }).freeToPlay).toBe(true);
    expect(fields({ ...base, access: "private" }).freeToPlay).toBe(false);
    expect(fields({ ...base, access: "customers" }).freeToPlay).toBe(false);
    expect(fields({ ...base, access: "yes" }).freeToPlay).toBe(true);
  });

  it("counts two hoops as one full court, and ignores unreadable hoops", () => {
    const base = { leisure: "pitch", sport: "basketball" };
    expect(fields({ ...base, hoops: "1" }).numberOfCourts).toBe(1);
    expect(fields({ ...base, hoops: "2" }).numberOfCourts).toBe(1);
    expect(fields({ ...base, hoops: "4" }).numberOfCourts).toBe(2);
    expect(fields({ ...base, hoops: "5" }).numberOfCourts).toBe(3);
    for (const hoops of ["many", "0", "-2", "999"]) {
      expect(fields({ ...base, hoops }).numberOfCourts).toBe(1);
    }
  });

  it("keeps surface, opening hours and description, cleaned and cut to the columns", () => {
    const court = fields({
      leisure: "pitch",
      sport: "basketball",
      name: `  Court\u0000 ${"x".repeat(300)}`,
      surface: "asphalt",
      opening_hours: "Mo-Su 06:00-22:00",
      description: "Two full courts\nby the lake",
    });
    expect(court.surface).toBe("asphalt");
    expect(court.openingHours).toBe("Mo-Su 06:00-22:00");
    expect(court.description).toBe("Two full courts by the lake");
    expect([...court.name]).toHaveLength(200);
    expect(court.name.startsWith("Court x")).toBe(true);
    expect(court.name.endsWith("…")).toBe(true);
  });
});
