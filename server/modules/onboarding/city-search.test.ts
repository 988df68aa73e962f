import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCATION_QUERY_MAX,
  LOCATION_QUERY_REQUIRED,
  NO_CITY_NEARBY,
} from "../../../common/onboarding.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { escapeLike, parseCityQuery } from "./city-search.ts";
import { insertTestCities } from "./test-cities.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await insertTestCities(t.db);
  ({ cookie } = await signUpUser(t.app));
});
afterAll(() => t.close());

const get = (url: string, withCookie = true) =>
  t.app.inject({ method: "GET", url, headers: withCookie ? { cookie } : {} });
const search = (q: string) => get(`/api/onboarding/locations?q=${encodeURIComponent(q)}`);
const places = async (q: string) => {
  const response = await search(q);
  expect(response.statusCode).toBe(200);
  return (response.json() as { city: string; state: string }[]).map((p) => `${p.city}, ${p.state}`);
};

describe("parseCityQuery and escapeLike", () => {
  it("splits 'City, ST' at the last comma and trims", () => {
    expect(parseCityQuery(" Austin ")).toEqual({ city: "Austin" });
    expect(parseCityQuery("Austin, tx ")).toEqual({ city: "Austin", state: "tx" });
    expect(parseCityQuery("Austin,")).toEqual({ city: "Austin" });
    expect(parseCityQuery(", TX")).toEqual({ city: "", state: "TX" });
  });

  it("escapes %, _ and the backslash", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });
});

describe("GET /api/onboarding/locations", () => {
  it("answers the result shape of product §3", async () => {
    const response = await search("Round");
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        city: "Round Rock",
        state: "TX",
        country: "US",
        latitude: 30.50826,
        longitude: -97.6789,
        population: 119468,
      },
    ]);
  });

  it("matches a prefix of the city in any letter case, largest first", async () => {
    expect(await places("aus")).toEqual(["Austin, TX", "Austintown, OH", "Austin, MN"]);
    expect(await places("AUSTIN")).toEqual(["Austin, TX", "Austintown, OH", "Austin, MN"]);
    expect(await places("a")).toEqual([
      "Austin, TX",
      "Atlanta, GA",
      "Aurora, CO",
      "Aurora, IL",
      "Austintown, OH",
      "Austin, MN",
    ]);
    // A prefix, not a substring.
    expect(await places("ustin")).toEqual([]);
    expect(await places("Monica")).toEqual([]);
  });

  it("narrows 'City, ST' by the state code, also a typed part of it", async () => {
    expect(await places("Austin, MN")).toEqual(["Austin, MN"]);
    expect(await places("austin, tx")).toEqual(["Austin, TX"]);
    expect(await places("Aurora, I")).toEqual(["Aurora, IL"]);
    expect(await places("Aus,")).toEqual(["Austin, TX", "Austintown, OH", "Austin, MN"]);
    expect(await places("Austin, CA")).toEqual([]);
    expect(await places(", TX")).toEqual([]);
  });

  it("keeps multi-word names together and ignores surrounding spaces", async () => {
    expect(await places("  los ang ")).toEqual(["Los Angeles, CA"]);
    expect(await places("Los  Angeles")).toEqual([]);
  });

  it("answers at most 10 places, the most populous", async () => {
    const found = await places("Springfield");
    expect(found).toHaveLength(10);
    expect(found[0]).toBe("Springfield, SL"); // 12,000
    expect(found[9]).toBe("Springfield, SC"); // 3,000
  });

  it("treats % and _ and \\ as ordinary characters", async () => {
    expect(await places("100%")).toEqual(["100% Hoops, TX"]);
    expect(await places("100")).toEqual(["1000 Oaks, TX", "100% Hoops, TX"]);
    expect(await places("%")).toEqual([]);
    expect(await places("Under_")).toEqual(["Under_Score, TX"]);
    expect(await places("_")).toEqual([]);
    expect(await places("Back\\")).toEqual(["Back\\Slash, TX"]);
  });

  it("leaves out places that are no longer active", async () => {
    expect(await places("Ghost")).toEqual([]);
  });

  it("answers 400 for empty, blank, missing or over-long text", async () => {
    for (const url of [
      "/api/onboarding/locations?q=",
      "/api/onboarding/locations?q=%20%20",
      "/api/onboarding/locations",
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LOCATION_QUERY_REQUIRED);
    }
    expect((await search("a".repeat(LOCATION_QUERY_MAX))).statusCode).toBe(200);
    const tooLong = await search("a".repeat(LOCATION_QUERY_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Search text must be at most 100 characters");
  });

  it("answers 400, not 500, for text PostgreSQL cannot store", async () => {
    expect((await search("Aus\u0000")).statusCode).toBeLessThan(500);
  });
});

describe("GET /api/onboarding/nearest-city", () => {
  const nearest = (lat: unknown, lng: unknown) =>
    get(`/api/onboarding/nearest-city?lat=${lat}&lng=${lng}`);

  it("answers the closest place, not the largest", async () => {
    // Pflugerville, between Austin and Round Rock but nearer Round Rock.
    const response = await nearest(30.45, -97.62);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: "Round Rock", state: "TX", country: "US" });
    expect((await nearest(30.27, -97.74)).json()).toMatchObject({ city: "Austin", state: "TX" });
    // Venice Beach is nearer Santa Monica than downtown LA.
    expect((await nearest(33.985, -118.47)).json()).toMatchObject({ city: "Santa Monica" });
  });

  it("answers 404 when no known city is within reach", async () => {
    const response = await nearest(48.8566, 2.3522); // Paris
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: NO_CITY_NEARBY });
    // Ghost Town is inactive: the middle of Nevada has no city in this data.
    expect((await nearest(38.5, -117.0)).statusCode).toBe(404);
  });

  it("answers 400 for missing or impossible coordinates", async () => {
    for (const [lat, lng] of [
      ["", ""],
      ["abc", "-97"],
      [91, 0],
      [0, -181],
      ["Infinity", 0],
    ]) {
      expect((await nearest(lat, lng)).statusCode).toBe(400);
    }
    expect((await get("/api/onboarding/nearest-city")).statusCode).toBe(400);
  });
});

describe("signed out", () => {
  it("answers 401 to the search and the nearest city, before validating", async () => {
    for (const url of [
      "/api/onboarding/locations?q=Aus",
      "/api/onboarding/locations",
      "/api/onboarding/nearest-city?lat=30&lng=-97",
    ]) {
      const response = await get(url, false);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "You need to sign in first." });
    }
  });
});
