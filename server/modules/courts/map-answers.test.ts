import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { courts } from "../../db/schema.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { createMapAnswers, MAP_ANSWER_MAX_AGE_MS } from "./map-answers.ts";
import { insertCourt } from "./test-courts.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const VENICE_TILE = { z: 12, x: 700, y: 1636 };
const decoded = (answer: { identity: Buffer }) => JSON.parse(answer.identity.toString());

describe("the directory's shared answers", () => {
  it("show a court's facts at once, and its live player count within 30 seconds", async () => {
    let clock = 1_000_000;
    const answers = createMapAnswers(database.db, { now: () => clock });
    const id = await insertCourt(database.db, { latitude: 33.9858, longitude: -118.4731 });
    const first = await answers.tile(VENICE_TILE, {});
    expect(decoded(first).courts[0]).toMatchObject({ id, activePlayers: 0, lighting: false });

    // A check-in changes only the live count: every viewer shares the answer a while longer.
    await database.db.update(courts).set({ activePlayers: 4 }).where(eq(courts.id, id));
    clock += MAP_ANSWER_MAX_AGE_MS - 1;
    expect(await answers.tile(VENICE_TILE, {})).toBe(first);
    clock += 1;
    expect(decoded(await answers.tile(VENICE_TILE, {})).courts[0].activePlayers).toBe(4);

    // A change of the court itself is shown by the very next request.
    await database.db.update(courts).set({ lighting: true }).where(eq(courts.id, id));
    expect(decoded(await answers.tile(VENICE_TILE, {})).courts[0].lighting).toBe(true);
  });

  it("keep one answer per tile and filter set, and pages per query", async () => {
    const answers = createMapAnswers(database.db);
    const all = await answers.tile(VENICE_TILE, {});
    expect(await answers.tile(VENICE_TILE, {})).toBe(all);
    const lit = await answers.tile(VENICE_TILE, { lit: true });
    expect(lit).not.toBe(all);
    const query = { sort: "rating" as const, limit: 24, offset: 0 };
    const page = await answers.page(query);
    expect(await answers.page({ offset: 0, limit: 24, sort: "rating" })).toBe(page);
    expect(page.total).toBeGreaterThan(0);
    const [gzip, br] = [page.gzip.length, page.br.length];
    expect(gzip).toBeGreaterThan(0);
    expect(br).toBeGreaterThan(0);
  });

  it("share the popular courts until a live count changes or the courts do", async () => {
    const answers = createMapAnswers(database.db);
    const id = await insertCourt(database.db, { name: "Crowded", rating: 1 });
    const first = await answers.popular();
    expect(await answers.popular()).toBe(first);
    const crowded = (answer: { identity: Buffer }) =>
      decoded(answer).find((court: { id: number }) => court.id === id);
    expect(decoded(first)[0].id).not.toBe(id);

    // Players arrive (a check-in's live event): the next read ranks the court first.
    await database.db.update(courts).set({ activePlayers: 99 }).where(eq(courts.id, id));
    expect(await answers.popular()).toBe(first);
    expect(crowded(first)?.activePlayers ?? 0).toBe(0);
    answers.liveCountsChanged();
    const busy = await answers.popular();
    expect(decoded(busy)[0]).toMatchObject({ id, activePlayers: 99 });

    // The court is retired (the map's version moves): gone from the very next read.
    await database.db.update(courts).set({ isActive: false }).where(eq(courts.id, id));
    expect(decoded(await answers.popular())[0].id).not.toBe(id);
  });
});
