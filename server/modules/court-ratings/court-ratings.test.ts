import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bayesianRating,
  COURT_RATING_MESSAGE,
  COURT_RATINGS_PER_HOUR,
  type CourtRatingSummary,
} from "../../../common/court-ratings.ts";
import { courtRatings, courts, users } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { rateCourt } from "./service.ts";

/**
 * On PostgreSQL (TEST_DATABASE_URL) the simultaneous ratings below race on a pool of 20
 * connections; on PGlite they queue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (courtId: number, cookie: string | undefined, body: unknown) =>
  callApi(t.app, "PUT", `/api/courts/${courtId}/rating`, cookie, body);

async function storedRating(courtId: number) {
  const [row] = await t.db
    .select({ rating: courts.rating, prior: courts.ratingPrior })
    .from(courts)
    .where(eq(courts.id, courtId));
  return row;
}

describe("PUT /api/courts/{id}/rating", () => {
  it("keeps the seeded rating as a prior worth five players, and one rating per player", async () => {
    const court = await insertCourtRow(t.db, { rating: 4.0 });
    const bro = await playerWithSession(t.app, t.db);

    const first = await rate(court, bro.cookie, { rating: 1 });
    expect(first.statusCode).toBe(200);
    // (5 × 4.0 + 1) / 6 = 3.5: one harsh player cannot sink a court.
    expect(first.json<CourtRatingSummary>()).toEqual({
      rating: 3.5,
      count: 1,
      playersMean: 1,
      mine: 1,
    });
    expect(await storedRating(court)).toEqual({ rating: 3.5, prior: 4 });

    // Changing one's mind replaces the rating; the prior stays the seeded 4.0.
    const changed = await rate(court, bro.cookie, { rating: 5 });
    expect(changed.json<CourtRatingSummary>()).toEqual({
      rating: 4.2,
      count: 1,
      playersMean: 5,
      mine: 5,
    });
    const rows = await t.db.select().from(courtRatings).where(eq(courtRatings.courtId, court));
    expect(rows).toHaveLength(1);

    // The directory lists the new rating.
    const list = (await callApi(t.app, "GET", "/api/courts")).json<
      { id: number; rating: number }[]
    >();
    expect(list.find((c) => c.id === court)?.rating).toBe(4.2);
  });

  it("lets the players' mean take over as more players rate", async () => {
    const court = await insertCourtRow(t.db, { rating: 4.8 });
    for (let i = 0; i < 45; i++) {
      const bro = await playerWithSession(t.app, t.db);
      await rate(court, bro.cookie, { rating: 2 });
    }
    const summary = (
      await callApi(t.app, "GET", `/api/courts/${court}/rating`)
    ).json<CourtRatingSummary>();
    // (5 × 4.8 + 45 × 2) / 50 = 2.28 → 2.3
    expect(summary).toEqual({ rating: 2.3, count: 45, playersMean: 2, mine: null });
  });

  it("refuses bad ratings (400), visitors (401), unknown (404) and closed courts (409)", async () => {
    const court = await insertCourtRow(t.db);
    const bro = await playerWithSession(t.app, t.db);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: "5" }, {}, null]) {
      const response = await rate(court, bro.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(COURT_RATING_MESSAGE);
    }
    expect((await rate(court, undefined, { rating: 5 })).statusCode).toBe(401);
    expect((await rate(999_999, bro.cookie, { rating: 5 })).statusCode).toBe(404);
    const closed = await insertCourtRow(t.db, { isActive: false });
    const refused = await rate(closed, bro.cookie, { rating: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "This court is closed for good." });
    expect(await storedRating(court)).toEqual({ rating: 4, prior: null });
  });

  it("limits how often one player rates in an hour", async () => {
    const bro = await playerWithSession(t.app, t.db);
    const court = await insertCourtRow(t.db);
    for (let i = 0; i < COURT_RATINGS_PER_HOUR; i++) {
      expect((await rate(court, bro.cookie, { rating: (i % 5) + 1 })).statusCode).toBe(200);
    }
    const flood = await rate(court, bro.cookie, { rating: 3 });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toMatch(/rated enough/);
  });

  it("counts every one of 60 simultaneous ratings of one court", async () => {
    const court = await insertCourtRow(t.db, { rating: 3.0 });
    const ids = (
      await t.db
        .insert(users)
        .values(Array.from({ length: 60 }, (_, i) => ({ firstName: `Rater ${i}` })))
        .returning({ id: users.id })
    ).map((u) => u.id);
    const given = ids.map((_, i) => (i % 5) + 1);
    await Promise.all(ids.map((id, i) => rateCourt(t.db, id, court, given[i] as number)));
    const sum = given.reduce((a, b) => a + b, 0);
    expect(await storedRating(court)).toEqual({ rating: bayesianRating(3, sum, 60), prior: 3 });
    const rows = await t.db.select().from(courtRatings).where(eq(courtRatings.courtId, court));
    expect(rows).toHaveLength(60);
  });
});
