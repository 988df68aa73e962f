import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { courtMapVersion, courts } from "../../db/schema.ts";
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

describe("the directory's shared answers on the embedded database (§87)", () => {
  it("drop at a court's change, told by its notice, with no version read per request", async () => {
    const embedded = await openPglite();
    await migrateDatabase(embedded);
    // Counts the reads of court_map_version that the answers make through Drizzle.
    let versionReads = 0;
    const counted = new Proxy(embedded.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "select" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const query = value.apply(target, args);
          return new Proxy(query, {
            get(q, k, r) {
              const step = Reflect.get(q, k, r);
              if (k !== "from" || typeof step !== "function") return step;
              return (table: unknown, ...rest: unknown[]) => {
                if (table === courtMapVersion) versionReads += 1;
                return step.apply(q, [table, ...rest]);
              };
            },
          });
        };
      },
    });
    const answers = createMapAnswers(counted, {
      changes: (onChange) => embedded.listen("court_map_changed", { onPayload: onChange }),
    });
    try {
      const id = await insertCourt(embedded.db, { latitude: 33.9858, longitude: -118.4731 });
      // The first requests may read the version while the notices are not heard yet.
      await answers.tile(VENICE_TILE, {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      const readsBefore = versionReads;
      const first = await answers.tile(VENICE_TILE, {});
      expect(decoded(first).courts[0]).toMatchObject({ id, lighting: false });
      expect(await answers.tile(VENICE_TILE, {})).toBe(first);

      // Read right after the writer's commit returns: the change is already shown.
      await embedded.db.update(courts).set({ lighting: true }).where(eq(courts.id, id));
      expect(decoded(await answers.tile(VENICE_TILE, {})).courts[0].lighting).toBe(true);
      await embedded.db.transaction(async (tx) => {
        await tx.update(courts).set({ name: "Venice Beach" }).where(eq(courts.id, id));
      });
      const renamed = await answers.popular();
      expect(decoded(renamed).find((c: { id: number }) => c.id === id)?.name).toBe("Venice Beach");
      expect(versionReads).toBe(readsBefore);
    } finally {
      await answers.stop();
      await embedded.close();
    }
  });
});
