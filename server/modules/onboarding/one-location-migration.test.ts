import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../db/migrate.ts";
import { playerProfiles, users } from "../../db/schema.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = fs.readFileSync(
  path.join(MIGRATIONS_FOLDER, "0040_one_location_per_player.sql"),
  "utf8",
);

async function player(city: string | null, state: string | null, area: string | null) {
  const { cookie } = await signUpUser(t.app);
  const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
  const id = me.json().id as string;
  await t.db.update(users).set({ city, state }).where(eq(users.id, id));
  await t.db
    .insert(playerProfiles)
    .values({ userId: id, nickname: "Mig Bro", primaryPosition: "Center", location: area });
  return id;
}

async function placeOf(id: string) {
  const [row] = await t.db
    .select({ city: users.city, state: users.state, area: playerProfiles.location })
    .from(users)
    .innerJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

async function runMigration() {
  for (const statement of migration.split("--> statement-breakpoint")) {
    await t.db.execute(sql.raw(statement));
  }
}

describe("migration 0040: one location per player (issue 31)", () => {
  it("gives a Los Angeles area without a city its city, and drops areas not of the city", async () => {
    const santaMonica = await player(null, null, "Santa Monica");
    const venice = await player("Los Angeles", "CA", "Venice Beach");
    const wrongArea = await player("Austin", "TX", "Hollywood");
    const ownCity = await player("Austin", "TX", "Austin, TX");
    const stray = await player(null, null, "Somewhere");
    const none = await player("Denver", "CO", null);

    await runMigration();
    await runMigration(); // again: nothing more changes

    expect(await placeOf(santaMonica)).toEqual({
      city: "Los Angeles",
      state: "CA",
      area: "Santa Monica",
    });
    expect(await placeOf(venice)).toEqual({
      city: "Los Angeles",
      state: "CA",
      area: "Venice Beach",
    });
    expect(await placeOf(wrongArea)).toEqual({ city: "Austin", state: "TX", area: null });
    expect(await placeOf(ownCity)).toEqual({ city: "Austin", state: "TX", area: "Austin, TX" });
    expect(await placeOf(stray)).toEqual({ city: null, state: null, area: null });
    expect(await placeOf(none)).toEqual({ city: "Denver", state: "CO", area: null });
  });
});
