import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPULAR_COURTS_LIMIT } from "../../../common/checkins.ts";
import { courtSchema } from "../../../common/courts.ts";
import { queryRows } from "../../db/query-rows.ts";
import { courtCheckIns, courts } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import {
  activePlayersOf,
  backdateOpenCheckIn,
  postCheckIn,
  signedUpPlayer,
} from "../checkins/test-checkins.ts";
import { insertCourt } from "./test-courts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/courts/popular", () => {
  it("ranks by live players, then rating, then id; hides retired courts; limited", async () => {
    // A fresh table for this test: only its courts are ranked.
    await t.db.delete(courts);
    const quiet = await insertCourt(t.db, { name: "Quiet", rating: 4.9 });
    const busy = await insertCourt(t.db, { name: "Busy", rating: 3.0 });
    const lively = await insertCourt(t.db, { name: "Lively", rating: 4.0 });
    const twinA = await insertCourt(t.db, { name: "Twin A", rating: 4.5 });
    const twinB = await insertCourt(t.db, { name: "Twin B", rating: 4.5 });
    await insertCourt(t.db, { name: "Retired", isActive: false, rating: 5 });
    for (const [courtId, players] of [
      [busy, 3],
      [lively, 1],
    ] as const) {
      for (let i = 0; i < players; i++) {
        const bro = await signedUpPlayer(t.app);
        await postCheckIn(t.app, bro.cookie, { courtId });
      }
    }

    const response = await t.app.inject({ url: "/api/courts/popular" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: number; activePlayers: number }[];
    expect(body.map((c) => c.id)).toEqual([busy, lively, quiet, twinA, twinB]);
    expect(body.map((c) => c.activePlayers)).toEqual([3, 1, 0, 0, 0]);
    for (const court of body) expect(courtSchema.strict().parse(court)).toEqual(court);

    for (let i = 0; i < POPULAR_COURTS_LIMIT; i++) await insertCourt(t.db);
    const many = await t.app.inject({ url: "/api/courts/popular" });
    expect(many.json()).toHaveLength(POPULAR_COURTS_LIMIT);
  });

  it("is public: visitors see counts, never who is checked in", async () => {
    const response = await t.app.inject({ url: "/api/courts/popular" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/userId|email/);
  });

  it("does not count a check-in past its lifetime, on any public read, and writes nothing", async () => {
    await t.db.delete(courts);
    const ranOut = await insertCourt(t.db, { name: "Ran out", rating: 5 });
    const busy = await insertCourt(t.db, { name: "Busy", rating: 3 });
    const empty = await insertCourt(t.db, { name: "Empty", rating: 4 });
    // Three at "Ran out" by the counter, but two of them arrived more than 3 hours ago.
    // (Backdated after every check-in: a check-in's own transaction ends run-out ones.)
    const arrivals: [number, number][] = [
      [ranOut, 3.5],
      [ranOut, 3.1],
      [ranOut, 1],
      [busy, 0],
      [busy, 0],
    ];
    const bros = [];
    for (const [courtId] of arrivals) {
      const bro = await signedUpPlayer(t.app);
      await postCheckIn(t.app, bro.cookie, { courtId });
      bros.push(bro);
    }
    for (const [i, [, hours]] of arrivals.entries()) {
      const bro = bros[i];
      if (bro && hours > 0) await backdateOpenCheckIn(t.db, bro.id, hours);
    }
    const snapshot = async () => ({
      checkIns: await t.db.select().from(courtCheckIns).orderBy(courtCheckIns.id),
      courts: await queryRows(t.db, sql`select * from ${courts} order by id`),
    });
    const before = await snapshot();
    expect(await activePlayersOf(t.db, ranOut)).toBe(3);

    const get = async (url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const counts = (body: { id: number; activePlayers: number }[]) =>
      body.map((c) => [c.id, c.activePlayers]);
    const expected = [
      [busy, 2],
      [ranOut, 1],
      [empty, 0],
    ];
    expect(counts(await get("/api/courts/popular"))).toEqual(expected);
    expect(counts(await get("/api/courts?sort=active"))).toEqual(expected);
    expect(counts(await get("/api/courts?sort=active&limit=1&offset=1"))).toEqual([[ranOut, 1]]);
    expect(counts(await get("/api/courts?sort=rating"))).toEqual([
      [ranOut, 1],
      [empty, 0],
      [busy, 2],
    ]);
    expect((await get("/api/courts/overview")).activePlayers).toBe(3);
    expect((await get(`/api/courts/${ranOut}`)).activePlayers).toBe(1);

    expect(await snapshot()).toEqual(before);
  });
});
