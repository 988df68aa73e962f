import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { courtSchema } from "../../../common/courts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt } from "./test-courts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listCourts = () => t.app.inject({ method: "GET", url: "/api/courts" });

describe("GET /api/courts", () => {
  it("answers an empty list when there are no courts", async () => {
    const response = await listCourts();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual([]);
  });

  it("lists every active court with the directory's fields only, in id order", async () => {
    const venice = await insertCourt(t.db, {
      name: "Venice Beach Courts",
      address: "1800 Ocean Front Walk, Venice, CA",
      latitude: 33.9858,
      longitude: -118.4731,
      numberOfCourts: 4,
      lighting: true,
      rating: 4.8,
      description: "Boardwalk runs.",
      amenities: ["Restrooms", "Bleachers"],
      activePlayers: 3,
    });
    const retired = await insertCourt(t.db, { name: "Closed Gym", isActive: false });
    const gym = await insertCourt(t.db, {
      name: "Hollywood Y",
      isIndoor: true,
      courtType: "indoor",
      freeToPlay: false,
    });

    const response = await listCourts();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(z.array(courtSchema.strict()).safeParse(body).success).toBe(true);
    expect(body.map((c: { id: number }) => c.id)).toEqual([venice, gym]);
    expect(body).not.toContainEqual(expect.objectContaining({ id: retired }));
    expect(body[0]).toEqual({
      id: venice,
      name: "Venice Beach Courts",
      address: "1800 Ocean Front Walk, Venice, CA",
      latitude: 33.9858,
      longitude: -118.4731,
      isIndoor: false,
      courtType: "outdoor",
      numberOfCourts: 4,
      lighting: true,
      freeToPlay: true,
      rating: 4.8,
      description: "Boardwalk runs.",
      amenities: ["Restrooms", "Bleachers"],
      activePlayers: 3,
    });
    // Defaults of spec §3/§9 come through as values, not strings: rating 4.0, no address.
    expect(body[1]).toMatchObject({
      isIndoor: true,
      courtType: "indoor",
      freeToPlay: false,
      rating: 4,
      address: null,
      description: null,
      amenities: [],
      numberOfCourts: 1,
    });
  });

  it("has the exact shape of courtListSchema (no timestamps, no isActive)", async () => {
    const body = (await listCourts()).json();
    const schema = courtSchema.strict();
    for (const court of body) expect(schema.parse(court)).toEqual(court);
    expect(Object.keys(body[0])).not.toContain("createdAt");
    expect(Object.keys(body[0])).not.toContain("isActive");
  });

  it("is public and is compressed for clients that accept it", async () => {
    for (let i = 0; i < 20; i++) await insertCourt(t.db, { name: `Bulk Court ${i}` });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/courts",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
  });
});
