import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_COURT_SELECTED } from "../../../common/checkins.ts";
import { courtCheckIns } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { insertCourt } from "../courts/test-courts.ts";
import { expireStaleCheckIns } from "./service.ts";
import {
  activePlayersOf,
  backdateOpenCheckIn,
  openCheckInsAt,
  postCheckIn,
  postCheckOut,
  signedUpPlayer,
} from "./test-checkins.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The invariant of issue 4: each court's counter equals its open check-ins. */
async function expectCounters(expected: Record<number, number>) {
  for (const [courtId, n] of Object.entries(expected)) {
    expect(await activePlayersOf(t.db, Number(courtId))).toBe(n);
    expect(await openCheckInsAt(t.db, Number(courtId))).toBe(n);
  }
}

describe("POST /api/checkin and /api/checkout", () => {
  it("checks in, moves between courts and checks out, keeping counters exact", async () => {
    const [a, b] = [await insertCourt(t.db), await insertCourt(t.db)];
    const bro = await signedUpPlayer(t.app);

    const first = await postCheckIn(t.app, bro.cookie, { courtId: a });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ courtId: a, courtName: "Test Court" });
    await expectCounters({ [a]: 1, [b]: 0 });

    expect((await postCheckIn(t.app, bro.cookie, { courtId: b })).statusCode).toBe(200);
    await expectCounters({ [a]: 0, [b]: 1 });

    const out = await postCheckOut(t.app, bro.cookie);
    expect(out.json()).toEqual({ checkedOut: true });
    await expectCounters({ [a]: 0, [b]: 0 });
    expect((await postCheckOut(t.app, bro.cookie)).json()).toEqual({ checkedOut: false });
  });

  it("is idempotent at the same court: one row, one count, the same check-in", async () => {
    const court = await insertCourt(t.db);
    const bro = await signedUpPlayer(t.app);
    const first = await postCheckIn(t.app, bro.cookie, { courtId: court });
    const again = await postCheckIn(t.app, bro.cookie, { courtId: court });
    expect(again.json()).toEqual(first.json());
    await expectCounters({ [court]: 1 });
    const rows = await t.db.select().from(courtCheckIns).where(eq(courtCheckIns.userId, bro.id));
    expect(rows).toHaveLength(1);
  });

  it("counts several players at one court", async () => {
    const court = await insertCourt(t.db);
    for (let i = 0; i < 3; i++) {
      const bro = await signedUpPlayer(t.app);
      await postCheckIn(t.app, bro.cookie, { courtId: court });
    }
    await expectCounters({ [court]: 3 });
  });

  it("ends a check-in after 3 hours, for counts and for the player", async () => {
    const [a, b] = [await insertCourt(t.db), await insertCourt(t.db)];
    const stale = await signedUpPlayer(t.app);
    const fresh = await signedUpPlayer(t.app);
    await postCheckIn(t.app, stale.cookie, { courtId: a });
    await postCheckIn(t.app, fresh.cookie, { courtId: a });
    await backdateOpenCheckIn(t.db, stale.id, 3.1);
    await backdateOpenCheckIn(t.db, fresh.id, 2.9);

    // Reads count it as ended at once, without writing: the counter still holds it ...
    const popular = await t.app.inject({ url: "/api/courts/popular" });
    expect(popular.json().find((c: { id: number }) => c.id === a).activePlayers).toBe(1);
    const current = await t.app.inject({ url: "/api/checkin", headers: { cookie: stale.cookie } });
    expect(current.json()).toEqual({ checkIn: null });
    expect(await activePlayersOf(t.db, a)).toBe(2);
    // ... until the maintenance sweep ends it in the background.
    await t.db.transaction((tx) => expireStaleCheckIns(tx));
    await expectCounters({ [a]: 1 });

    // The expired player checks in elsewhere: nothing is taken twice off court a.
    await postCheckIn(t.app, stale.cookie, { courtId: b });
    await expectCounters({ [a]: 1, [b]: 1 });
    const [ended] = await t.db
      .select()
      .from(courtCheckIns)
      .where(eq(courtCheckIns.courtId, a))
      .orderBy(courtCheckIns.checkedInAt);
    // It is recorded as ended when its three hours ran out, not when someone noticed.
    const length = (ended?.checkedOutAt?.getTime() ?? 0) - (ended?.checkedInAt.getTime() ?? 0);
    expect(length).toBe(3 * 3_600_000);
  });

  it("shows the caller their own open check-in only", async () => {
    const court = await insertCourt(t.db, { name: "Mine" });
    const me = await signedUpPlayer(t.app);
    const other = await signedUpPlayer(t.app);
    await postCheckIn(t.app, me.cookie, { courtId: court });
    const mine = await t.app.inject({ url: "/api/checkin", headers: { cookie: me.cookie } });
    expect(mine.json().checkIn).toMatchObject({ courtId: court, courtName: "Mine" });
    const theirs = await t.app.inject({ url: "/api/checkin", headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ checkIn: null });
    // Someone else's checkout does not touch mine, and a userId in the body is ignored.
    await postCheckOut(t.app, other.cookie);
    await postCheckIn(t.app, other.cookie, { courtId: court, userId: me.id });
    await expectCounters({ [court]: 2 });
  });

  it("answers 404 for an unknown or retired court and changes nothing", async () => {
    const court = await insertCourt(t.db);
    const retired = await insertCourt(t.db, { isActive: false });
    const bro = await signedUpPlayer(t.app);
    await postCheckIn(t.app, bro.cookie, { courtId: court });
    for (const courtId of [retired, 999_999]) {
      const response = await postCheckIn(t.app, bro.cookie, { courtId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Court not found." });
    }
    await expectCounters({ [court]: 1, [retired]: 0 });
  });

  it("answers 400 'No court selected' without a court, and 400 for a bad id", async () => {
    const bro = await signedUpPlayer(t.app);
    for (const body of [{}, { courtId: null }]) {
      const response = await postCheckIn(t.app, bro.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NO_COURT_SELECTED);
    }
    const noBody = await t.app.inject({
      method: "POST",
      url: "/api/checkin",
      headers: { cookie: bro.cookie },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe(NO_COURT_SELECTED);
    for (const courtId of ["7", 1.5, 0, -3, 2 ** 31, true]) {
      const response = await postCheckIn(t.app, bro.cookie, { courtId });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Court id must be a positive whole number");
    }
  });

  it("answers 401 signed out, before looking at the body", async () => {
    const court = await insertCourt(t.db);
    expect((await postCheckIn(t.app, undefined, { courtId: court })).statusCode).toBe(401);
    expect((await postCheckIn(t.app, undefined, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/checkout" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/checkin" })).statusCode).toBe(401);
    await expectCounters({ [court]: 0 });
  });
});

describe("simultaneous check-ins", () => {
  it("one player checking in at several courts at once leaves one open check-in", async () => {
    const ids = [await insertCourt(t.db), await insertCourt(t.db), await insertCourt(t.db)];
    const bro = await signedUpPlayer(t.app);
    const responses = await Promise.all(
      [...ids, ...ids].map((courtId) => postCheckIn(t.app, bro.cookie, { courtId })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const open = await t.db.select().from(courtCheckIns).where(eq(courtCheckIns.userId, bro.id));
    expect(open.filter((row) => row.checkedOutAt === null)).toHaveLength(1);
    const counts = await Promise.all(ids.map((id) => activePlayersOf(t.db, id)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    for (const id of ids)
      expect(await activePlayersOf(t.db, id)).toBe(await openCheckInsAt(t.db, id));
  });

  it("many players moving between two courts at once keep both counters exact", async () => {
    const [a, b] = [await insertCourt(t.db), await insertCourt(t.db)];
    const bros = await Promise.all(Array.from({ length: 8 }, () => signedUpPlayer(t.app)));
    await Promise.all(
      bros.map((bro, i) => postCheckIn(t.app, bro.cookie, { courtId: i % 2 ? a : b })),
    );
    // Everyone swaps courts, and half of them check out, all at the same time.
    await Promise.all(
      bros.flatMap((bro, i) => [
        postCheckIn(t.app, bro.cookie, { courtId: i % 2 ? b : a }),
        ...(i < 4 ? [postCheckOut(t.app, bro.cookie)] : []),
      ]),
    );
    const total = (await activePlayersOf(t.db, a)) + (await activePlayersOf(t.db, b));
    expect(total).toBeGreaterThanOrEqual(4);
    await expectCounters({
      [a]: await openCheckInsAt(t.db, a),
      [b]: await openCheckInsAt(t.db, b),
    });
  });
});

describe("when a check-in ends", () => {
  it("never before it started, even when the ending transaction's clock started earlier", async () => {
    const [a, b] = [await insertCourt(t.db), await insertCourt(t.db)];
    const bro = await signedUpPlayer(t.app);
    // As if another request had written this check-in after this one's transaction began:
    // its start lies ahead of the transaction's now().
    const later = async () =>
      t.db
        .update(courtCheckIns)
        .set({ checkedInAt: sql`now() + interval '2 seconds'` })
        .where(and(eq(courtCheckIns.userId, bro.id), isNull(courtCheckIns.checkedOutAt)));

    expect((await postCheckIn(t.app, bro.cookie, { courtId: a })).statusCode).toBe(200);
    await later();
    expect((await postCheckIn(t.app, bro.cookie, { courtId: b })).statusCode).toBe(200); // moves
    await later();
    expect((await postCheckOut(t.app, bro.cookie)).json()).toEqual({ checkedOut: true });

    const rows = await t.db.select().from(courtCheckIns).where(eq(courtCheckIns.userId, bro.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.checkedOutAt?.getTime()).toBeGreaterThanOrEqual(row.checkedInAt.getTime());
    }
  });

  it("the database refuses an end before the start", async () => {
    const court = await insertCourt(t.db);
    const bro = await signedUpPlayer(t.app);
    await postCheckIn(t.app, bro.cookie, { courtId: court });
    await expect(
      t.db
        .update(courtCheckIns)
        .set({ checkedOutAt: sql`checked_in_at - interval '1 second'` })
        .where(eq(courtCheckIns.userId, bro.id)),
    ).rejects.toThrow();
  });
});

describe("the maintenance sweep's batches", () => {
  it("ends at most `limit` stale check-ins per call, keeping counters exact, until none is left", async () => {
    const court = await insertCourt(t.db);
    const bros = await Promise.all(Array.from({ length: 5 }, () => signedUpPlayer(t.app)));
    for (const bro of bros) await postCheckIn(t.app, bro.cookie, { courtId: court });
    for (const bro of bros.slice(0, 3)) await backdateOpenCheckIn(t.db, bro.id, 3.1);
    await expectCounters({ [court]: 5 });
    expect(await t.db.transaction((tx) => expireStaleCheckIns(tx, 2))).toBe(2);
    await expectCounters({ [court]: 3 });
    expect(await t.db.transaction((tx) => expireStaleCheckIns(tx, 2))).toBe(1);
    expect(await t.db.transaction((tx) => expireStaleCheckIns(tx, 2))).toBe(0);
    await expectCounters({ [court]: 2 });
  });
});
