import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { courtSchema } from "../../../common/courts.ts";
import { courts, games } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { eventually } from "../../test-support/eventually.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt } from "./test-courts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(games);
  await t.db.delete(courts);
});

const list = (query = "") => t.app.inject({ method: "GET", url: `/api/courts${query}` });
const ids = (response: { json(): unknown }) =>
  (response.json() as { id: number }[]).map((c) => c.id);

describe("GET /api/courts", () => {
  it("answers one page of active courts with the directory's fields, and how many match", async () => {
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
      surface: "asphalt",
      openingHours: "24/7",
    });
    await insertCourt(t.db, { name: "Closed Gym", isActive: false });
    const gym = await insertCourt(t.db, { name: "Hollywood Y", isIndoor: true, freeToPlay: false });

    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("2");
    const body = response.json();
    expect(z.array(courtSchema.strict()).safeParse(body).success).toBe(true);
    expect(ids(response)).toEqual([venice, gym]); // highest rated first
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
      surface: "asphalt",
      openingHours: "24/7",
      timeZone: "America/Los_Angeles",
    });
  });

  it("never answers more than a page: limit, offset and the total", async () => {
    for (let i = 0; i < 30; i++)
      await insertCourt(t.db, { name: `Bulk ${String(i).padStart(2, "0")}` });
    const first = await list("?sort=name");
    expect(first.json()).toHaveLength(24);
    expect(first.headers["x-total-count"]).toBe("30");
    const second = await list("?sort=name&limit=10&offset=24");
    expect(second.json().map((c: { name: string }) => c.name)).toEqual(
      ["24", "25", "26", "27", "28", "29"].map((n) => `Bulk ${n}`),
    );
  });

  it("keeps to the map's box, also across the antimeridian", async () => {
    const la = await insertCourt(t.db, { latitude: 34.05, longitude: -118.25 });
    const ny = await insertCourt(t.db, { latitude: 40.7, longitude: -74 });
    const fiji = await insertCourt(t.db, { latitude: -17.8, longitude: 178.4 });
    const samoa = await insertCourt(t.db, { latitude: -13.8, longitude: -171.8 });
    expect(ids(await list("?bbox=-119,33,-117,35"))).toEqual([la]);
    expect((await list("?bbox=-119,33,-117,35")).headers["x-total-count"]).toBe("1");
    // A view panned across 180°: west 170, east 190 (= -170).
    expect(ids(await list("?bbox=170,-20,190,-10")).sort()).toEqual([fiji, samoa].sort());
    expect(ids(await list("?bbox=-190,-20,-170,-10")).sort()).toEqual([fiji, samoa].sort());
    expect(ids(await list("?bbox=-200,-60,200,60")).sort()).toEqual([la, ny, fiji, samoa].sort());
  });

  it("searches name, address and city by word prefixes, ignoring case and accents", async () => {
    const venice = await insertCourt(t.db, {
      name: "Venice Beach Courts",
      address: "1800 Ocean Front Walk",
      city: "Los Angeles",
    });
    const cafe = await insertCourt(t.db, { name: "Café Mühle Court", city: "Vaduz" });
    const oneil = await insertCourt(t.db, { name: "O'Neil Park", address: "near Springfield, IL" });
    expect(ids(await list("?q=venice"))).toEqual([venice]);
    expect(ids(await list("?q=VEN%20bea"))).toEqual([venice]);
    expect(ids(await list("?q=ocean%20front"))).toEqual([venice]);
    expect(ids(await list("?q=los%20angeles"))).toEqual([venice]);
    expect(ids(await list("?q=cafe%20muhle"))).toEqual([cafe]);
    expect(ids(await list("?q=vaduz"))).toEqual([cafe]);
    expect(ids(await list("?q=o'neil"))).toEqual([oneil]);
    expect(ids(await list("?q=springf"))).toEqual([oneil]);
    expect(ids(await list("?q=venice%20vaduz"))).toEqual([]);
    expect((await list("?q=venice%20vaduz")).headers["x-total-count"]).toBe("0");
    // Punctuation alone is no search: every court.
    expect(ids(await list("?q=%21%21")).sort()).toEqual([venice, cafe, oneil].sort());
  });

  it("filters by type, lights and price, sorts, and orders nearest first", async () => {
    const a = await insertCourt(t.db, { name: "A", rating: 3, activePlayers: 5, lighting: true });
    const b = await insertCourt(t.db, { name: "B", rating: 5, isIndoor: true, freeToPlay: false });
    const c = await insertCourt(t.db, {
      name: "C",
      rating: 4,
      activePlayers: 1,
      latitude: 36,
      longitude: -115,
    });
    expect(ids(await list("?type=indoor"))).toEqual([b]);
    expect(ids(await list("?type=outdoor"))).toEqual([c, a]);
    expect(ids(await list("?lit=true"))).toEqual([a]);
    expect(ids(await list("?free=true&lit=false"))).toEqual([c, a]);
    expect(ids(await list("?sort=name"))).toEqual([a, b, c]);
    expect(ids(await list("?sort=active"))).toEqual([a, c, b]);
    expect(ids(await list("?near=36.1,-115.1"))[0]).toBe(c);
    expect(ids(await list(`?ids=${c},${a},999999`)).sort()).toEqual([a, c].sort());
  });

  it("is one shared answer per query, with an ETag, whatever the order of the parameters", async () => {
    await insertCourt(t.db, { name: "Shared" });
    const first = await list("?sort=name&limit=5");
    const etag = String(first.headers.etag);
    const same = await list("?limit=5&sort=name");
    expect(same.headers.etag).toBe(etag);
    const cached = await t.app.inject({
      url: "/api/courts?limit=5&sort=name",
      headers: { "if-none-match": etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers["x-total-count"]).toBe("1");
  });

  it("refuses bad parameters with 400 and a message per field", async () => {
    const cases: [string, string][] = [
      ["?bbox=1,2,3", "bbox"],
      ["?bbox=10,0,0,5", "bbox"],
      ["?bbox=0,-91,1,1", "bbox"],
      ["?near=91,0", "near"],
      ["?near=abc", "near"],
      ["?ids=1,x", "ids"],
      [`?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`, "ids"],
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?offset=-1", "offset"],
      ["?sort=random", "sort"],
      ["?type=grass", "type"],
      ["?lit=yes", "lit"],
      [`?q=${"a".repeat(101)}`, "q"],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors?.[field], query).toEqual(expect.any(String));
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});

const tile = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/courts/tiles/${path}`, headers });

describe("GET /api/courts/tiles/{z}/{x}/{y}", () => {
  it("groups a tile's courts into clusters and answers single courts whole", async () => {
    // Three courts in Venice, one in Santa Monica, one in New York.
    for (const longitude of [-118.4731, -118.4725, -118.472]) {
      await insertCourt(t.db, { latitude: 33.9858, longitude, name: "Venice" });
    }
    const santaMonica = await insertCourt(t.db, { latitude: 34.0195, longitude: -118.4912 });
    await insertCourt(t.db, { latitude: 40.7, longitude: -74 });

    const world = (await tile("0/0/0")).json();
    expect(world.courts.map((c: { latitude: number }) => c.latitude)).toEqual([40.7]);
    expect(world.clusters.map((c: { count: number }) => c.count)).toEqual([4]);
    const la = world.clusters.find((c: { count: number }) => c.count === 4);
    expect(la.bounds).toEqual([-118.4912, 33.9858, -118.472, 34.0195]);
    expect(la.latitude).toBeCloseTo((33.9858 * 3 + 34.0195) / 4, 6);

    // Zoom 12 (tile 700/1636 holds Venice): Santa Monica alone in its cell, Venice a cluster.
    const venice = (await tile("12/700/1636")).json();
    expect(venice.clusters).toEqual([expect.objectContaining({ count: 3 })]);
    const near = (await tile("12/699/1635")).json();
    expect(near.courts.map((c: { id: number }) => c.id)).toEqual([santaMonica]);
    expect(courtSchema.strict().parse(near.courts[0])).toEqual(near.courts[0]);

    // Zoom 17: every court has its own marker.
    const close = (await tile("17/22401/52365")).json();
    expect(close.clusters).toEqual([]);
    expect(close.courts).toHaveLength(3);
  });

  it("filters like the list and counts a court on a tile edge once", async () => {
    await insertCourt(t.db, { latitude: 10, longitude: 0, lighting: true });
    await insertCourt(t.db, { latitude: 10, longitude: 0.01, isIndoor: true });
    const count = async (path: string) => {
      const body = (await tile(path)).json();
      return (
        body.courts.length +
        body.clusters.reduce((n: number, c: { count: number }) => n + c.count, 0)
      );
    };
    // Longitude 0 is the edge between tiles 1/0/0 and 1/1/0.
    expect((await count("1/0/0")) + (await count("1/1/0"))).toBe(2);
    expect(await count("1/1/0?lit=true")).toBe(1);
    expect(await count("1/1/0?type=outdoor")).toBe(1);
    expect(await count("1/1/0?type=indoor&lit=true")).toBe(0);
  });

  it("is one answer for every viewer: compressed once, with an ETag and 304", async () => {
    for (let i = 0; i < 40; i++)
      await insertCourt(t.db, { latitude: 34 + i / 1000, longitude: -118 });
    const plain = await tile("16/11286/26234");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toMatch(/^application\/json/);
    expect(plain.headers["cache-control"]).toBe("no-cache");
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const br = await tile("16/11286/26234", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await tile("16/11286/26234", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const again = await tile("16/11286/26234", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("is dropped as soon as a court changes", async () => {
    const id = await insertCourt(t.db, { latitude: 34, longitude: -118 });
    const before = await tile("4/2/6");
    await t.db.update(courts).set({ isActive: false }).where(eq(courts.id, id));
    const after = await tile("4/2/6", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ clusters: [], courts: [] });
  });

  it("refuses a tile that does not exist", async () => {
    for (const path of ["20/0/0", "3/8/0", "3/0/8", "a/0/0", "3/-1/0", "3/1.5/0"]) {
      const response = await tile(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message, path).toMatch(/No such map tile/);
    }
    expect((await tile("3/0/0?type=grass")).statusCode).toBe(400);
  });
});

describe("GET /api/courts/overview", () => {
  it("counts active courts and their players, and gives their bounds", async () => {
    expect((await t.app.inject({ url: "/api/courts/overview" })).json()).toEqual({
      totalCourts: 0,
      activePlayers: 0,
      bounds: null,
    });
    await insertCourt(t.db, { latitude: 34, longitude: -118, activePlayers: 2 });
    await insertCourt(t.db, { latitude: 47, longitude: 9.5, activePlayers: 1 });
    await insertCourt(t.db, { latitude: 0, longitude: 0, isActive: false, activePlayers: 7 });
    expect((await t.app.inject({ url: "/api/courts/overview" })).json()).toEqual({
      totalCourts: 2,
      activePlayers: 3,
      bounds: [-118, 34, 9.5, 47],
    });
  });

  it("follows a check-in at once, though check-ins leave the map version alone", async () => {
    const courtId = await insertCourt(t.db, { latitude: 34, longitude: -118 });
    const overview = async () =>
      (await t.app.inject({ url: "/api/courts/overview" })).json() as { activePlayers: number };
    expect((await overview()).activePlayers).toBe(0); // now shared by every viewer
    const player = await playerWithSession(t.app, t.db);
    const checkIn = await callApi(t.app, "POST", "/api/checkin", player.cookie, { courtId });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    // The live event that tells viewers to refetch drops the shared answer on its way.
    await eventually(async () => (await overview()).activePlayers === 1, 5_000);
  });
});
