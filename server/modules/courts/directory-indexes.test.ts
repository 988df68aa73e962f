import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSyntheticCourts, syntheticCourts } from "../../../scripts/seed-many-courts.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { courts } from "../../db/schema.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { byCounter, withRunOutCheckIns } from "./active-order.ts";
import { insideSql, nearestSql, searchQuery, searchSql } from "./directory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertSyntheticCourts(database.db, await syntheticCourts(2_000));
  await database.db.execute(sql`analyze courts`);
});
afterAll(() => database.close());

/**
 * The plan of a query when the planner may not read the whole table: if an index cannot serve
 * the query's expression, PostgreSQL falls back to a sequential scan all the same and the plan
 * names no index. At 100,000 courts a wrong expression would mean reading every row.
 */
async function planOf(query: SQL): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

describe("the directory's reads go through indexes", () => {
  it("a map box, also one across the antimeridian", async () => {
    const box = await planOf(
      sql`select id from ${courts} where ${courts.isActive} and ${insideSql([-119, 33, -117, 35])}`,
    );
    expect(box).toContain("courts_position_gist_idx");
    expect(box).not.toContain("Seq Scan");
    const across = await planOf(
      sql`select id from ${courts} where ${courts.isActive} and ${insideSql([170, -20, 190, -10])}`,
    );
    expect(across).toContain("courts_position_gist_idx");
  });

  it("a search by words of the name, address or city", async () => {
    const plan = await planOf(
      sql`select id from ${courts} where ${searchSql(searchQuery("test court 01") ?? "")}`,
    );
    expect(plan).toContain("courts_search_idx");
  });

  it("nearest first, highest rated first and most active first", async () => {
    const near = await planOf(
      sql`select id from ${courts} where ${courts.isActive}
        order by ${nearestSql({ lat: 34, lng: -118 })} limit 8`,
    );
    expect(near).toContain("courts_position_gist_idx");
    const rated = await planOf(
      sql`select id from ${courts} where ${courts.isActive} order by rating desc, id limit 24`,
    );
    expect(rated).toContain("courts_rating_idx");
    const active = await planOf(
      sql`select id from ${courts} where ${courts.isActive}
        order by active_players desc, rating desc, id limit 10`,
    );
    expect(active).toContain("courts_popular_idx");
  });
});

describe("popular courts read their top rows from the activity index, and never write", () => {
  it("walks courts_popular_idx for the counted courts and the open-since index for run-out ones", async () => {
    const active = eq(courts.isActive, true);
    const top = await planOf(sql`${byCounter(database.db, active, 10)}`);
    expect(top).toContain("courts_popular_idx");
    expect(top).toContain("court_check_ins_open_since_idx");
    expect(top).not.toMatch(/Seq Scan on courts|Sort\b/);
    const ranOut = await planOf(sql`${withRunOutCheckIns(database.db, active)}`);
    expect(ranOut).toContain("court_check_ins_open_since_idx");
  });
});
