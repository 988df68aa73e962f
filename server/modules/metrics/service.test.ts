import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { countMetrics, createMetricsReader } from "./service.ts";
import { addCourt, addGame, addUser } from "./test-rows.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("countMetrics", () => {
  it("counts nothing in an empty database", async () => {
    expect(await countMetrics(database.db)).toEqual({
      activeUsers: 0,
      totalCourts: 0,
      gamesPlayed: 0,
    });
  });

  it("counts players with a profile, active courts and games that were played", async () => {
    const db = database.db;
    const organizerId = await addUser(db, { withProfile: true });
    await addUser(db, { withProfile: true });
    await addUser(db, { withProfile: false }); // signed up, no profile yet: not a bro
    const courtId = await addCourt(db);
    await addCourt(db);
    await addCourt(db, false); // retired
    const place = { courtId, organizerId };
    await addGame(db, place, -48); // over long ago: played
    await addGame(db, place, -3); // its two hours are up: played
    await addGame(db, place, -1); // still running: not yet
    await addGame(db, place, -1, { endedAt: new Date(Date.now() - 60_000) }); // result in early
    await addGame(db, place, -24, { status: "cancelled" }); // never played
    await addGame(db, place, 24); // still to come
    await addGame(db, place, 3, { status: "cancelled" });

    expect(await countMetrics(db)).toEqual({ activeUsers: 2, totalCourts: 2, gamesPlayed: 3 });
  });
});

describe("createMetricsReader", () => {
  const metrics = { activeUsers: 1, totalCourts: 2, gamesPlayed: 3 };

  it("shares one count between callers within the window, then counts again", async () => {
    let clock = 1_000;
    const db = database.db;
    const spy = vi.spyOn(db, "select");
    const read = createMetricsReader(db, { maxAgeMs: 10_000, now: () => clock });

    const [first, second] = await Promise.all([read(), read()]);
    expect(second).toEqual(first);
    clock += 9_999;
    await read();
    expect(spy).toHaveBeenCalledTimes(1);

    clock += 1;
    await read();
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  it("does not keep a failed count: the next caller tries again", async () => {
    const db = database.db;
    const spy = vi
      .spyOn(db, "select")
      .mockImplementationOnce(() => {
        throw new Error("connection lost");
      })
      .mockImplementationOnce(
        () => ({ from: async () => [metrics] }) as unknown as ReturnType<typeof db.select>,
      );
    const read = createMetricsReader(db, { now: () => 0 });

    await expect(read()).rejects.toThrow("connection lost");
    await expect(read()).resolves.toEqual(metrics);
    spy.mockRestore();
  });
});
