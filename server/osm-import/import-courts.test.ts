import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { courts, games } from "../db/schema.ts";
import { insertCourt, insertGame, insertOrganizer } from "../modules/courts/test-courts.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { applyImport } from "./apply-import.ts";
import type { PassReporter } from "./collect-courts.ts";
import type { ImportedCourt } from "./court-fields.ts";
import { readExtract } from "./import-courts.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/osm");
const fixture = (name: string) => path.join(FIXTURES, name);
const quiet: PassReporter = { startPass() {}, bytes() {}, elements() {}, endPass() {} };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-import-"));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test starts from an empty courts table (games first: they keep their court).
  await database.db.delete(games);
  await database.db.delete(courts);
});

async function importFile(name: string) {
  const extract = await readExtract(fixture(name), quiet);
  const applied = await applyImport(database.db, extract.courts, (lat, lon) =>
    extract.coverage.covers(lat, lon),
  );
  return { extract, applied };
}

const osmCourts = () =>
  database.db
    .select()
    .from(courts)
    .where(isNotNull(courts.osmId))
    .orderBy(courts.osmType, courts.osmId);

const byElement = async () =>
  new Map((await osmCourts()).map((court) => [`${court.osmType}/${court.osmId}`, court]));

const SANTA_MONICA_COURTS = [
  "node/1001",
  "node/1002",
  "relation/3001",
  "way/2001",
  "way/2002",
  "way/2003",
];

describe("importing an extract", () => {
  it("keeps the basketball courts of a PBF extract, and only those", async () => {
    const { extract, applied } = await importFile("santa-monica.osm.pbf");
    expect(extract.formatName).toBe("OpenStreetMap PBF");
    expect(extract.read).toEqual({ nodes: 81, ways: 8, relations: 2 });
    expect(applied).toMatchObject({ added: 6, updated: 0, unchanged: 0, retired: 0 });
    expect([...extract.skipped.values()]).toEqual([1, 1]);

    const found = await byElement();
    expect([...found.keys()].sort()).toEqual(SANTA_MONICA_COURTS);
    expect(found.get("node/1001")).toMatchObject({
      name: "Venice Beach Courts",
      address: "1800 Ocean Front Walk, Venice, CA 90291",
      city: "Venice",
      latitude: 33.98513,
      longitude: -118.4729,
      timeZone: "America/Los_Angeles",
      lighting: true,
      numberOfCourts: 2,
      surface: "asphalt",
      source: "osm",
      isActive: true,
      rating: 4,
    });
    // An unnamed court in a ";" list, private: honest name, 'near' address, not free.
    expect(found.get("node/1002")).toMatchObject({
      name: "Basketball court, Venice",
      address: "near Venice, CA",
      freeToPlay: false,
    });
    // A way's and a multipolygon's centre, a sports centre, a covered pitch.
    expect(found.get("way/2001")).toMatchObject({
      name: "Penmar Park Court",
      latitude: 33.997,
      longitude: -118.456,
      freeToPlay: false,
      openingHours: "Mo-Su 06:00-22:00",
    });
    expect(found.get("relation/3001")).toMatchObject({
      name: "Memorial Park Courts",
      latitude: 34.027,
      longitude: -118.465,
      lighting: true,
    });
    expect(found.get("way/2002")).toMatchObject({ name: "Santa Monica Gym", isIndoor: true });
    expect(found.get("way/2003")).toMatchObject({ courtType: "indoor", isIndoor: true });
  });

  it("reads the same courts, at the same places, from OSM XML and Overpass JSON", async () => {
    await importFile("santa-monica.osm.pbf");
    const fromXml = await importFile("santa-monica.osm");
    expect(fromXml.extract.formatName).toBe("OSM XML");
    expect(fromXml.applied).toMatchObject({ added: 0, updated: 0, unchanged: 6, retired: 0 });
    const fromJson = await importFile("santa-monica.overpass.json");
    expect(fromJson.extract.formatName).toBe("Overpass JSON");
    expect(fromJson.applied).toMatchObject({ added: 0, updated: 0, unchanged: 6, retired: 0 });
  });

  it("updates changed courts, adds new ones and retires vanished ones, never deleting", async () => {
    await importFile("santa-monica.osm.pbf");
    const before = await byElement();
    const organizerId = await insertOrganizer(database.db);
    const gameId = await insertGame(database.db, {
      courtId: before.get("node/1002")?.id ?? 0,
      organizerId,
      scheduledAt: new Date(Date.now() - 86_400_000),
    });

    const { applied } = await importFile("santa-monica-v2.osm.pbf");
    expect(applied).toMatchObject({ added: 1, updated: 1, unchanged: 3, retired: 2 });
    const after = await byElement();
    expect(after.get("node/1001")).toMatchObject({
      id: before.get("node/1001")?.id,
      name: "Venice Beach Basketball Courts",
      lighting: false,
    });
    expect(after.get("node/1006")).toMatchObject({ name: "Oakwood Rec Court", isActive: true });
    // Deleted from OpenStreetMap, and no longer basketball: retired, still there.
    expect(after.get("node/1002")?.isActive).toBe(false);
    expect(after.get("way/2003")?.isActive).toBe(false);
    const [game] = await database.db.select().from(games).where(eq(games.id, gameId));
    expect(game?.courtId).toBe(before.get("node/1002")?.id);

    // Back in a later extract: the same rows come back.
    const back = await importFile("santa-monica.osm.pbf");
    expect(back.applied).toMatchObject({ added: 0, updated: 3, reactivated: 2, retired: 1 });
    expect((await byElement()).get("node/1002")).toMatchObject({
      id: before.get("node/1002")?.id,
      isActive: true,
    });
  });

  it("retires nothing outside the extract's area when another place is imported", async () => {
    await importFile("santa-monica.osm.pbf");
    const { applied } = await importFile("vaduz.osm.pbf");
    expect(applied).toMatchObject({ added: 2, retired: 0 });
    const found = await byElement();
    for (const key of SANTA_MONICA_COURTS) expect(found.get(key)?.isActive).toBe(true);
    expect(found.get("node/5001")).toMatchObject({
      name: "Basketball court, Vaduz",
      address: "near Vaduz, Liechtenstein",
      city: "Vaduz",
      timeZone: "Europe/Vaduz",
      surface: "tartan",
    });
    expect(found.get("way/6001")).toMatchObject({ name: "Sportpark Mühleholz", lighting: true });
  });

  it("keeps what players edited and never touches courts it did not import", async () => {
    await importFile("santa-monica.osm.pbf");
    await database.db
      .update(courts)
      .set({ playerEditedAt: new Date(), name: "Venice Beach (players' name)" })
      .where(and(eq(courts.osmType, "node"), eq(courts.osmId, 1001)));
    await database.db
      .update(courts)
      .set({ playerEditedAt: new Date() })
      .where(and(eq(courts.osmType, "node"), eq(courts.osmId, 1002)));
    const demo = await insertCourt(database.db, {
      name: "Demo Court",
      latitude: 33.99,
      longitude: -118.47,
    });
    const suggested = await insertCourt(database.db, {
      name: "Suggested Court",
      source: "player",
      latitude: 34.0,
      longitude: -118.46,
    });

    const { applied } = await importFile("santa-monica-v2.osm.pbf");
    expect(applied).toMatchObject({ keptPlayerEdits: 2, retired: 1, updated: 0 });
    const found = await byElement();
    expect(found.get("node/1001")?.name).toBe("Venice Beach (players' name)");
    expect(found.get("node/1002")?.isActive).toBe(true);
    const others = await database.db
      .select({ id: courts.id, isActive: courts.isActive, name: courts.name })
      .from(courts)
      .where(sql`${courts.id} in (${demo}, ${suggested})`)
      .orderBy(courts.id);
    expect(others).toEqual([
      { id: demo, isActive: true, name: "Demo Court" },
      { id: suggested, isActive: true, name: "Suggested Court" },
    ]);
  });

  it("leaves the database as it was when the import fails part of the way", async () => {
    await importFile("santa-monica.osm.pbf");
    const snapshot = async () =>
      (await osmCourts()).map((c) => [c.id, c.name, c.isActive, c.updatedAt.getTime()]);
    const before = await snapshot();
    // v2 adds node 1006 before it updates node 1001; an update the database refuses must take
    // the insert back with it.
    const v2 = await readExtract(fixture("santa-monica-v2.osm.pbf"), quiet);
    const broken: ImportedCourt[] = v2.courts.map((court) =>
      court.osmId === 1001 ? { ...court, numberOfCourts: 0 } : court,
    );
    await expect(
      applyImport(database.db, broken, (lat, lon) => v2.coverage.covers(lat, lon)),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
    expect((await osmCourts()).map((c) => c.osmId)).not.toContain(1006);
  });

  it("adds each court once when two imports run at the same time", async () => {
    const extract = await readExtract(fixture("santa-monica.osm.pbf"), quiet);
    const run = () =>
      applyImport(database.db, extract.courts, (lat, lon) => extract.coverage.covers(lat, lon));
    const results = await Promise.all([run(), run(), run()]);
    expect(results.map((r) => r.added).sort()).toEqual([0, 0, 6]);
    expect(await osmCourts()).toHaveLength(6);
  });
});

describe("files the import refuses, before the database is touched", () => {
  const refusal = (file: string) =>
    readExtract(file, quiet).then(
      () => "read",
      (error: Error) => error.message,
    );
  const write = (name: string, content: string | Buffer) => {
    const target = path.join(scratch, name);
    fs.writeFileSync(target, content);
    return target;
  };

  it("a cut-short PBF or XML file", async () => {
    const pbf = fs.readFileSync(fixture("santa-monica.osm.pbf"));
    expect(await refusal(write("cut.osm.pbf", pbf.subarray(0, 900)))).toMatch(
      /damaged or cut-short PBF/,
    );
    const xml = fs.readFileSync(fixture("santa-monica.osm"), "utf8");
    expect(await refusal(write("cut.osm", xml.slice(0, xml.length / 2)))).toMatch(
      /damaged or cut-short XML/,
    );
    expect(await refusal(write("cut.json", '{"elements": [{"type": "node", "id": 1, "l'))).toMatch(
      /damaged or cut-short JSON/,
    );
  });

  it("XML or JSON that is not OpenStreetMap data", async () => {
    expect(await refusal(write("track.gpx", '<?xml version="1.0"?><gpx><trk/></gpx>'))).toMatch(
      /XML but not OpenStreetMap data \(its root is <gpx>\)/,
    );
    expect(
      await refusal(write("geo.json", '{"type": "FeatureCollection", "features": []}')),
    ).toMatch(/not an Overpass answer/);
    expect(
      await refusal(
        write("timeout.json", '{"elements": [], "remark": "runtime error: Query timed out"}'),
      ),
    ).toMatch(/incomplete Overpass answer: runtime error: Query timed out/);
  });

  it("an extract without a single basketball court", async () => {
    const tennis = fs
      .readFileSync(fixture("vaduz.osm"), "utf8")
      .replaceAll('v="basketball"', 'v="tennis"');
    expect(await refusal(write("tennis.osm", tennis))).toMatch(
      /has no basketball courts \(\d+ elements read\): nothing was changed/,
    );
  });
});
