import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_ACCESS_MESSAGE, notOpenYet, opensAtFor } from "../../../common/early-access.ts";
import { type Run, runSchema } from "../../../common/runs.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { games } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

const LA = "America/Los_Angeles";
const HOUR = 3_600_000;
let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
});
afterAll(() => t.close());

const player = (nickname: string) => playerWithSession(t.app, t.db, { nickname });

/** A run of two daily dates from three days on, two seats each, by a new organizer. */
async function runWith(earlyAccessHours: number | undefined) {
  const organizer = await player("Coach");
  const firstDate = toZonedInputValue(new Date(Date.now() + 72 * HOUR), LA).slice(0, 10);
  const before = Date.now();
  const response = await callApi(t.app, "POST", "/api/runs", organizer.cookie, {
    courtId,
    title: "Early Run",
    maxPlayers: 2,
    firstDate,
    startTime: "18:30",
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    count: 2,
    ...(earlyAccessHours === undefined ? {} : { earlyAccessHours }),
  });
  expect(response.statusCode).toBe(201);
  const run = runSchema.parse(response.json());
  return { organizer, run, before, after: Date.now() };
}

const join = (gameId: number, cookie: string) =>
  callApi(t.app, "POST", `/api/games/${gameId}/join`, cookie);

describe("early access for a run's regulars", () => {
  it("a new date opens to everyone its hours after it is made; the run's page says when", async () => {
    const { run, before, after } = await runWith(24);
    expect(run.earlyAccessHours).toBe(24);
    expect(run.upcoming).toHaveLength(2);
    for (const date of run.upcoming) {
      const opens = new Date(date.opensAt ?? 0).getTime();
      expect(opens).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
      expect(opens).toBeLessThanOrEqual(after + 24 * HOUR + 1000);
    }
  });

  it("before then only regulars join (or line up); everyone else hears when it opens (409)", async () => {
    const { run, organizer } = await runWith(24);
    const date = run.upcoming[0] as Run["upcoming"][number];
    const regular = await player("Regular");
    const visitor = await player("Visitor");
    const follow = await callApi(t.app, "PUT", `/api/runs/${run.id}/regular`, regular.cookie, {
      countMeIn: false,
    });
    expect(follow.statusCode).toBe(200);

    const early = await join(date.id, visitor.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(notOpenYet(date.opensAt as string, LA));
    expect(early.json().message).toMatch(
      /^This date opens to everyone on .+ at \d+:\d\d [AP]M PT$/,
    );

    expect((await join(date.id, regular.cookie)).statusCode).toBe(200);
    // Full now (two seats): the line is for regulars only too.
    const line = await callApi(t.app, "POST", `/api/games/${date.id}/line`, visitor.cookie);
    expect(line.statusCode).toBe(409);
    expect(line.json().message).toBe(notOpenYet(date.opensAt as string, LA));

    // Once open, everyone may.
    await t.db
      .update(games)
      .set({ opensAt: sql`now() - interval '1 minute'` })
      .where(eq(games.id, date.id));
    expect(
      (await callApi(t.app, "POST", `/api/games/${date.id}/line`, visitor.cookie)).statusCode,
    ).toBe(200);
    const other = run.upcoming[1] as Run["upcoming"][number];
    expect((await join(other.id, organizer.cookie)).statusCode).toBe(200);
  });

  it("a run without early access opens each date to everyone at once", async () => {
    const { run } = await runWith(undefined);
    expect(run.earlyAccessHours).toBe(0);
    expect(run.upcoming.map((d) => d.opensAt)).toEqual([null, null]);
    const visitor = await player("Visitor");
    expect((await join(run.upcoming[0]?.id ?? 0, visitor.cookie)).statusCode).toBe(200);
  });

  it("refuses early access outside 0–168 hours (400), making no run", async () => {
    const organizer = await player("Coach");
    for (const earlyAccessHours of [-1, 169, 1.5, "24"]) {
      const response = await callApi(t.app, "POST", "/api/runs", organizer.cookie, {
        courtId,
        firstDate: "2030-01-01",
        startTime: "18:30",
        weekdays: [1],
        earlyAccessHours,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors?.earlyAccessHours).toBe(EARLY_ACCESS_MESSAGE);
    }
  });
});

describe("opensAtFor", () => {
  const made = new Date("2027-03-01T17:00:00Z");
  it("is the hours after the date is made, never after its start; none without hours", () => {
    const start = new Date("2027-03-10T02:30:00Z");
    expect(opensAtFor(made, 24, start)?.toISOString()).toBe("2027-03-02T17:00:00.000Z");
    expect(opensAtFor(made, 168, new Date("2027-03-03T02:30:00Z"))?.toISOString()).toBe(
      "2027-03-03T02:30:00.000Z",
    );
    expect(opensAtFor(made, 0, start)).toBeNull();
  });

  it("says the clock alone today on the court's calendar, else the day too", () => {
    const now = new Date("2027-03-01T17:00:00Z"); // 9:00 AM PT
    expect(notOpenYet("2027-03-02T02:00:00Z", LA, now)).toBe(
      "This date opens to everyone at 6:00 PM PT",
    );
    expect(notOpenYet("2027-03-03T02:00:00Z", LA, now)).toBe(
      "This date opens to everyone on Tue, Mar 2 at 6:00 PM PT",
    );
  });
});
