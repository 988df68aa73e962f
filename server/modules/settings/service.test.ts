import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import { showsLocationSql, showsStatsSql } from "../../db/privacy-conditions.ts";
import { users } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { getPrivacy, updateSettings } from "./service.ts";

let t: TestApp;
let hider: string;
let statsHider: string;
let plain: string;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .insert(users)
    .values([{ firstName: "Hider" }, { firstName: "Quiet" }, { firstName: "Plain" }])
    .returning({ id: users.id });
  [hider, statsHider, plain] = rows.map((r) => r.id) as [string, string, string];
  await updateSettings(t.db, hider, { privacy: { showLocation: false } });
  await updateSettings(t.db, statsHider, { privacy: { showStats: false } });
});
afterAll(() => t.close());

describe("getPrivacy", () => {
  it("answers every id asked for, with the defaults for players who saved nothing", async () => {
    const privacy = await getPrivacy(t.db, [hider, statsHider, plain, "no-such-user"]);
    expect(privacy.get(hider)).toEqual({ ...DEFAULT_SETTINGS.privacy, showLocation: false });
    expect(privacy.get(statsHider)).toEqual({ ...DEFAULT_SETTINGS.privacy, showStats: false });
    expect(privacy.get(plain)).toEqual(DEFAULT_SETTINGS.privacy);
    expect(privacy.get("no-such-user")).toEqual(DEFAULT_SETTINGS.privacy);
    expect((await getPrivacy(t.db, [])).size).toBe(0);
  });
});

describe("showsLocationSql and showsStatsSql", () => {
  it("filter players hiding their location or stats out of a users query", async () => {
    const ids = [hider, statsHider, plain];
    const located = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids))
      .then((rows) => rows.map((r) => r.id));
    expect(located.sort()).toEqual([...ids].sort());

    const showingLocation = await t.db
      .select({ name: users.firstName, stats: showsStatsSql(users.id) })
      .from(users)
      .where(showsLocationSql(users.id))
      .then((rows) => rows.filter((r) => r.name !== null));
    expect(showingLocation.map((r) => r.name).sort()).toEqual(["Plain", "Quiet"]);
    expect(Object.fromEntries(showingLocation.map((r) => [r.name, r.stats]))).toEqual({
      Plain: true,
      Quiet: false,
    });
  });
});
