import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_REPORTED,
  CONDITION_KIND_MESSAGE,
  CONDITION_KINDS,
  type ConditionReport,
  NOT_AT_COURT,
  OWN_REPORT,
  REPORTS_PER_COURT_PER_HOUR,
  REPORTS_PER_HOUR,
} from "../../../common/court-conditions.ts";
import { LATITUDE_MESSAGE } from "../../../common/position.ts";
import { courtConditionReports, users } from "../../db/schema.ts";
import { insertCheckIns } from "../../test-support/check-in-rows.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { statusOf } from "../../test-support/outcomes.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { reportCondition } from "./service.ts";

/**
 * On PostgreSQL (TEST_DATABASE_URL) the simultaneous reports below race on a pool of 20
 * connections; on PGlite they queue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COURT = { latitude: 34.0, longitude: -118.0 };
/** About 150 m north of COURT, and about 1.1 km north. */
const NEAR = { latitude: 34.00135, longitude: -118.0 };
const FAR = { latitude: 34.01, longitude: -118.0 };
const MINUTE = 60_000;

const report = (courtId: number, cookie: string | undefined, body: unknown) =>
  callApi(t.app, "POST", `/api/courts/${courtId}/conditions`, cookie, body);
const confirm = (reportId: number, cookie: string, body: unknown = {}) =>
  callApi(t.app, "POST", `/api/court-conditions/${reportId}/confirm`, cookie, body);
const live = async (courtId: number, cookie?: string) =>
  (await callApi(t.app, "GET", `/api/courts/${courtId}/conditions`, cookie)).json<
    ConditionReport[]
  >();

async function checkedIn(courtId: number) {
  const bro = await playerWithSession(t.app, t.db);
  await insertCheckIns(t.db, [
    { userId: bro.id, courtId, at: new Date(Date.now() - 30 * MINUTE), minutes: null },
  ]);
  return bro;
}

const minutesBetween = (a: string, b: string) =>
  Math.round((Date.parse(b) - Date.parse(a)) / MINUTE);

describe("reporting a court's condition", () => {
  it("takes reports from players checked in there or standing near it, each with its own lifetime", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const here = await checkedIn(court);
    const full = await report(court, here.cookie, {
      kind: "court_full",
      note: "  Next game has 3 waiting  ",
    });
    expect(full.statusCode).toBe(201);
    const made = full.json<ConditionReport>();
    expect(made).toMatchObject({
      kind: "court_full",
      note: "Next game has 3 waiting",
      confirmations: 0,
      mine: true,
    });
    expect(minutesBetween(made.createdAt, made.expiresAt)).toBe(CONDITION_KINDS.court_full.minutes);

    const walker = await playerWithSession(t.app, t.db);
    const rims = await report(court, walker.cookie, { kind: "rims_broken", position: NEAR });
    expect(rims.statusCode).toBe(201);
    const broken = rims.json<ConditionReport>();
    expect(minutesBetween(broken.createdAt, broken.expiresAt)).toBe(14 * 24 * 60);
    const [stored] = await t.db
      .select({ basis: courtConditionReports.basis, lat: courtConditionReports.reporterLatitude })
      .from(courtConditionReports)
      .where(eq(courtConditionReports.id, broken.id));
    expect(stored).toEqual({ basis: "position", lat: NEAR.latitude });

    // Visitors see the reports too, but never whose they are.
    expect((await live(court)).map((r) => [r.kind, r.mine])).toEqual([
      ["rims_broken", false],
      ["court_full", false],
    ]);
  });

  it("refuses players who are not there (403), and changes nothing", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const other = await insertCourtRow(t.db, { latitude: 34.2, longitude: -118.2 });
    const away = await playerWithSession(t.app, t.db);
    // Checked in at another court, and long ago at this one.
    await insertCheckIns(t.db, [
      { userId: away.id, courtId: other, at: new Date(), minutes: null },
      { userId: away.id, courtId: court, at: new Date(Date.now() - 5 * 60 * MINUTE), minutes: 60 },
    ]);
    for (const body of [{ kind: "lights_out" }, { kind: "lights_out", position: FAR }]) {
      const response = await report(court, away.cookie, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NOT_AT_COURT });
    }
    expect(await live(court)).toEqual([]);
  });

  it("validates with the shared schema: kind, note and coordinates", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const bro = await checkedIn(court);
    const cases: [unknown, string][] = [
      [{}, CONDITION_KIND_MESSAGE],
      [null, CONDITION_KIND_MESSAGE],
      [{ kind: "sharks" }, CONDITION_KIND_MESSAGE],
      [{ kind: "nets_ok", note: "x".repeat(201) }, "A note is at most 200 characters"],
      [{ kind: "nets_ok", note: "a\u0000b" }, "The note contains a character that is not allowed"],
      [{ kind: "nets_ok", position: { latitude: 91, longitude: 0 } }, LATITUDE_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const response = await report(court, bro.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await report(court, undefined, { kind: "nets_ok" })).statusCode).toBe(401);
    expect((await report(999_999, bro.cookie, { kind: "nets_ok" })).statusCode).toBe(404);
    const closed = await insertCourtRow(t.db, { ...COURT, isActive: false });
    const refused = await report(closed, bro.cookie, { kind: "nets_ok", position: COURT });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "This court is closed for good." });
    expect(await live(court)).toEqual([]);
  });

  it("makes a second report of the same thing a confirmation, which makes it last longer", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const first = await checkedIn(court);
    const made = (
      await report(court, first.cookie, { kind: "surface_wet" })
    ).json<ConditionReport>();
    expect((await report(court, first.cookie, { kind: "surface_wet" })).json()).toEqual({
      message: ALREADY_REPORTED,
    });
    expect((await confirm(made.id, first.cookie)).json()).toEqual({ message: OWN_REPORT });

    // An hour later another player sees it too: the report's six hours start again.
    await t.db
      .update(courtConditionReports)
      .set({
        createdAt: sql`created_at - interval '1 hour'`,
        expiresAt: sql`expires_at - interval '1 hour'`,
      })
      .where(eq(courtConditionReports.id, made.id));
    const second = await checkedIn(court);
    const merged = await report(court, second.cookie, { kind: "surface_wet" });
    expect(merged.statusCode).toBe(200);
    const after = merged.json<ConditionReport>();
    expect(after).toMatchObject({
      id: made.id,
      confirmations: 1,
      confirmedByViewer: true,
      mine: false,
    });
    expect(minutesBetween(after.createdAt, after.expiresAt)).toBe(7 * 60);

    const third = await playerWithSession(t.app, t.db);
    const confirmed = await confirm(made.id, third.cookie, { position: NEAR });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ConditionReport>().confirmations).toBe(2);
    // Confirming twice changes nothing.
    expect(
      (await confirm(made.id, third.cookie, { position: NEAR })).json<ConditionReport>()
        .confirmations,
    ).toBe(2);
    expect(
      (await confirm(made.id, (await playerWithSession(t.app, t.db)).cookie, {})).statusCode,
    ).toBe(403);
    expect((await confirm(999_999, third.cookie)).statusCode).toBe(404);
  });

  it("lets reports lapse, and shows only the latest word on each subject", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const a = await checkedIn(court);
    const b = await checkedIn(court);
    const out = (await report(court, a.cookie, { kind: "lights_out" })).json<ConditionReport>();
    await t.db
      .update(courtConditionReports)
      .set({ createdAt: sql`created_at - interval '2 hours'` })
      .where(eq(courtConditionReports.id, out.id));
    const working = (await report(court, b.cookie, { kind: "lights_ok" })).json<ConditionReport>();
    const full = (await report(court, b.cookie, { kind: "court_full" })).json<ConditionReport>();
    expect((await live(court, b.cookie)).map((r) => r.id)).toEqual([full.id, working.id]);

    // 'Court full' lapses after 90 minutes, long before the lights report does.
    await t.db
      .update(courtConditionReports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(
        and(eq(courtConditionReports.courtId, court), eq(courtConditionReports.kind, "court_full")),
      );
    expect((await live(court)).map((r) => r.kind)).toEqual(["lights_ok"]);
    expect((await confirm(full.id, a.cookie)).statusCode).toBe(404);
  });

  it("stops one player flooding a court, or all courts", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const flooder = await checkedIn(court);
    const kinds = ["rims_ok", "nets_ok", "lights_ok", "surface_wet", "locked"];
    const statuses = [];
    for (const kind of kinds)
      statuses.push((await report(court, flooder.cookie, { kind })).statusCode);
    expect(statuses).toEqual([
      ...Array(REPORTS_PER_COURT_PER_HOUR).fill(201),
      ...Array(kinds.length - REPORTS_PER_COURT_PER_HOUR).fill(429),
    ]);
    expect(await live(court)).toHaveLength(REPORTS_PER_COURT_PER_HOUR);

    const roamer = await playerWithSession(t.app, t.db);
    const overall = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) {
      const place = { latitude: 10 + i, longitude: 10 };
      const spot = await insertCourtRow(t.db, place);
      overall.push(
        (await report(spot, roamer.cookie, { kind: "nets_ok", position: place })).statusCode,
      );
    }
    expect(overall.filter((s) => s === 201)).toHaveLength(REPORTS_PER_HOUR);
    expect(overall.at(-1)).toBe(429);
  });
});

describe("reports under concurrency", () => {
  async function checkedInPlayers(courtId: number, n: number) {
    const ids = (
      await t.db
        .insert(users)
        .values(Array.from({ length: n }, (_, i) => ({ firstName: `Reporter ${i}` })))
        .returning({ id: users.id })
    ).map((u) => u.id);
    await insertCheckIns(
      t.db,
      ids.map((userId) => ({ userId, courtId, at: new Date(), minutes: null })),
    );
    return ids;
  }

  it("20 players reporting 'court full' at once make one report and 19 confirmations", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const ids = await checkedInPlayers(court, 20);
    const outcomes = await Promise.all(
      ids.map((id) => reportCondition(t.db, id, court, { kind: "court_full" })),
    );
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    const reports = await live(court);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.confirmations).toBe(19);
  });

  it("one player's simultaneous reports at a court stop at the limit", async () => {
    const court = await insertCourtRow(t.db, COURT);
    const [id] = await checkedInPlayers(court, 1);
    const kinds = [
      "rims_ok",
      "nets_ok",
      "lights_ok",
      "surface_wet",
      "locked",
      "court_full",
    ] as const;
    const outcomes = await Promise.allSettled(
      kinds.map((kind) => reportCondition(t.db, id as string, court, { kind })),
    );
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((s) => s === 200)).toHaveLength(REPORTS_PER_COURT_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      kinds.length - REPORTS_PER_COURT_PER_HOUR,
    );
    expect(await live(court)).toHaveLength(REPORTS_PER_COURT_PER_HOUR);
  });
});
