import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCourt } from "../modules/courts/test-courts.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { backfillCourtTimeZones } from "./backfill-courts.ts";
import type { Database } from "./client.ts";
import { queryRows } from "./query-rows.ts";
import { courtMapVersion, courts } from "./schema.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const mapVersion = async () =>
  (await database.db.select().from(courtMapVersion).where(eq(courtMapVersion.id, 1)))[0]?.version;

const pgCode = (error: unknown): unknown => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e.code ?? e.cause?.code;
};

describe("court time zones", () => {
  it("refuses a court written without its time zone", async () => {
    const insert = database.db
      .insert(courts)
      .values({ name: "No Zone", latitude: 34, longitude: -118 });
    await expect(insert).rejects.toSatisfy((error) => pgCode(error) === "23514");
  });

  it("fills the zones of courts older than the column, then validates the check", async () => {
    // A database migrated before 0011: rows without a zone, the check not yet validated.
    await database.db.execute(sql`alter table courts drop constraint courts_time_zone_set`);
    const [vaduz] = await database.db
      .insert(courts)
      .values({ name: "Old Vaduz", latitude: 47.141, longitude: 9.521 })
      .returning({ id: courts.id });
    await database.db.execute(
      sql`alter table courts add constraint courts_time_zone_set check (time_zone is not null) not valid`,
    );

    expect(await backfillCourtTimeZones(database.db)).toBe(1);
    const [row] = await database.db
      .select({ timeZone: courts.timeZone })
      .from(courts)
      .where(eq(courts.id, vaduz?.id ?? 0));
    expect(row?.timeZone).toBe("Europe/Vaduz");
    const [state] = await queryRows<{ convalidated: boolean }>(
      database.db,
      sql`select convalidated from pg_constraint where conname = 'courts_time_zone_set'`,
    );
    expect(state?.convalidated).toBe(true);
    // Validated once: later starts read the catalogue and do nothing more.
    expect(await backfillCourtTimeZones(database.db)).toBe(0);
  });
});

describe("court map version", () => {
  it("goes up with every change to what the map shows, not with live player counts", async () => {
    const before = await mapVersion();
    const id = await insertCourt(database.db, { name: "Versioned" });
    const afterInsert = await mapVersion();
    expect(afterInsert).toBe((before ?? 0) + 1);

    await database.db.update(courts).set({ activePlayers: 3 }).where(eq(courts.id, id));
    expect(await mapVersion()).toBe(afterInsert);

    await database.db.update(courts).set({ lighting: true }).where(eq(courts.id, id));
    expect(await mapVersion()).toBe((afterInsert ?? 0) + 1);
  });
});
