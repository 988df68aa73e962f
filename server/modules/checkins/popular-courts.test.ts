import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPULAR_COURTS_LIMIT } from "../../../common/checkins.ts";
import { courtSchema } from "../../../common/courts.ts";
import { courts } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt } from "../courts/test-courts.ts";
import { postCheckIn, signedUpPlayer } from "./test-checkins.ts";

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
});
