import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CreateRunValues,
  createRunInputSchema,
  RUN_COUNT_MESSAGE,
  RUN_END_BEFORE_START,
  RUN_IN_PAST,
  RUN_INTERVAL_MESSAGE,
  RUN_ONE_END,
  RUN_ONLY_ORGANIZER,
  RUN_TIME_SKIPPED,
  RUN_TOO_MANY_DATES,
  RUN_WEEKDAY_REQUIRED,
  type Run,
} from "../../../common/runs.ts";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import { gameParticipants, games, notifications, runs } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { notedTransactions } from "../../test-support/noted-transactions.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { makeDueDates } from "./make-dates.ts";
import { createRun } from "./service.ts";

const LA = "America/Los_Angeles";
let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db, { latitude: 34.05, longitude: -118.25 });
});
afterAll(() => t.close());

const player = (nickname = "Organizer") => playerWithSession(t.app, t.db, { nickname });
const local = (iso: string) => toZonedInputValue(new Date(iso), LA);
/** Weekly Tuesdays at 6:30 PM from 23 February 2027 (the March change falls on the 14th). */
const tuesdays = (values: Partial<CreateRunValues> = {}): CreateRunValues => ({
  courtId,
  title: "Tuesday Run",
  maxPlayers: 10,
  firstDate: "2027-02-23",
  startTime: "18:30",
  weekdays: [1],
  ...values,
});
/** The rule as the API reads it (defaults filled in), for the service called directly. */
const rule = (values: CreateRunValues) => createRunInputSchema.parse(values);
/** Creating "now" on 20 February 2027 makes the dates up to 20 March. */
const FEB_20 = new Date("2027-02-20T20:00:00Z");
const runCount = async () => (await t.db.select({ n: count() }).from(runs))[0]?.n ?? 0;
const gamesOf = (runId: number) =>
  t.db
    .select({
      id: games.id,
      runDate: games.runDate,
      scheduledAt: games.scheduledAt,
      status: games.status,
      maxPlayers: games.maxPlayers,
    })
    .from(games)
    .where(eq(games.runId, runId))
    .orderBy(asc(games.runDate));

describe("POST /api/runs refuses a rule that makes no sense, changing nothing", () => {
  it.each([
    ["no weekday", { weekdays: [] }, RUN_WEEKDAY_REQUIRED],
    ["an end before the start", { untilDate: "2027-02-01" }, RUN_END_BEFORE_START],
    ["more than 104 dates", { untilDate: "2030-01-01" }, RUN_TOO_MANY_DATES],
    ["a count over 104", { count: 105 }, RUN_COUNT_MESSAGE],
    ["both an end date and a count", { untilDate: "2027-05-01", count: 3 }, RUN_ONE_END],
    ["every 5 weeks", { intervalWeeks: 5 }, RUN_INTERVAL_MESSAGE],
    ["a first date in the past", { firstDate: "2025-01-07" }, RUN_IN_PAST],
    [
      "a first start the clocks skip",
      { firstDate: "2027-03-14", weekdays: [6], startTime: "02:30" },
      RUN_TIME_SKIPPED("02:30", "2027-03-14"),
    ],
  ])("%s", async (_, values, message) => {
    const organizer = await player();
    const before = await runCount();
    const response = await callApi(t.app, "POST", "/api/runs", organizer.cookie, tuesdays(values));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(await runCount()).toBe(before);
  });

  it("needs a sign-in", async () => {
    const response = await callApi(t.app, "POST", "/api/runs", undefined, tuesdays());
    expect(response.statusCode).toBe(401);
  });
});

describe("a weekly run at a Los Angeles court", () => {
  it("makes its dates four weeks ahead as ordinary games, 6:30 PM PT across the March change", async () => {
    const organizer = await player();
    const run = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const dates = await gamesOf(run.id);
    expect(dates.map((d) => d.runDate)).toEqual([
      "2027-02-23",
      "2027-03-02",
      "2027-03-09",
      "2027-03-16",
    ]);
    for (const date of dates)
      expect(local(date.scheduledAt.toISOString())).toBe(`${date.runDate}T18:30`);
    // PST before the 14th, PDT after: the instant moves, the wall clock does not.
    expect(dates[2]?.scheduledAt.toISOString()).toBe("2027-03-10T02:30:00.000Z");
    expect(dates[3]?.scheduledAt.toISOString()).toBe("2027-03-17T01:30:00.000Z");
    // Each is a game whose organizer holds the first seat.
    const seats = await t.db
      .select({ n: count() })
      .from(gameParticipants)
      .where(
        and(
          eq(gameParticipants.gameId, dates[0]?.id ?? 0),
          eq(gameParticipants.userId, organizer.id),
        ),
      );
    expect(seats[0]?.n).toBe(1);

    const read = await callApi(t.app, "GET", `/api/runs/${run.id}`);
    expect(read.statusCode).toBe(200);
    const body = read.json<Run>();
    expect(body.upcoming.map((g) => g.runDate)).toEqual(dates.map((d) => d.runDate));
    expect(body.upcoming[0]?.currentPlayers).toBe(1);
    expect(body.court.timeZone).toBe(LA);
  });

  it("is kept ahead by the job: a week later one more date, and running it twice makes it once", async () => {
    const organizer = await player();
    const run = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const week = new Date(FEB_20.getTime() + 7 * 86_400_000);
    await Promise.all([makeDueDates(t.db, { now: week }), makeDueDates(t.db, { now: week })]);
    await makeDueDates(t.db, { now: week });
    const dates = await gamesOf(run.id);
    expect(dates.map((d) => d.runDate)).toEqual([
      "2027-02-23",
      "2027-03-02",
      "2027-03-09",
      "2027-03-16",
      "2027-03-23",
    ]);
  });

  it("moves a later date the clocks skip to the hour after (2:30 AM → 3:30 AM PDT)", async () => {
    const organizer = await player();
    const run = await createRun(
      t.db,
      organizer.id,
      rule(tuesdays({ firstDate: "2027-03-07", weekdays: [6], startTime: "02:30", count: 2 })),
      FEB_20,
    );
    const dates = await gamesOf(run.id);
    expect(dates.map((d) => local(d.scheduledAt.toISOString()))).toEqual([
      "2027-03-07T02:30",
      "2027-03-14T03:30",
    ]);
  });

  it("stops at its count and its end date", async () => {
    const organizer = await player();
    const counted = await createRun(t.db, organizer.id, rule(tuesdays({ count: 2 })), FEB_20);
    const until = await createRun(
      t.db,
      organizer.id,
      rule(tuesdays({ untilDate: "2027-03-09" })),
      FEB_20,
    );
    await makeDueDates(t.db, { now: new Date("2027-04-01T00:00:00Z") });
    expect((await gamesOf(counted.id)).map((d) => d.runDate)).toEqual(["2027-02-23", "2027-03-02"]);
    expect((await gamesOf(until.id)).map((d) => d.runDate)).toEqual([
      "2027-02-23",
      "2027-03-02",
      "2027-03-09",
    ]);
  });
});

describe("one date, and the run from a date on", () => {
  it("cancels, resizes and moves one date with the others untouched", async () => {
    const organizer = await player();
    const run = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const [first, second, third] = await gamesOf(run.id);
    const cancel = await callApi(t.app, "POST", `/api/games/${first?.id}/cancel`, organizer.cookie);
    expect(cancel.statusCode).toBe(200);
    const resize = await callApi(t.app, "PATCH", `/api/games/${second?.id}`, organizer.cookie, {
      maxPlayers: 6,
    });
    expect(resize.statusCode).toBe(200);
    const move = await callApi(
      t.app,
      "PATCH",
      `/api/runs/${run.id}/dates/2027-03-09`,
      organizer.cookie,
      { scheduledAt: "2027-03-10T19:00:00-08:00" },
    );
    expect(move.statusCode).toBe(200);
    const after = await gamesOf(run.id);
    expect(
      after.map((d) => [d.runDate, d.status, d.maxPlayers, local(d.scheduledAt.toISOString())]),
    ).toEqual([
      ["2027-02-23", "cancelled", 10, "2027-02-23T18:30"],
      ["2027-03-02", "open", 6, "2027-03-02T18:30"],
      ["2027-03-09", "open", 10, "2027-03-10T19:00"],
      ["2027-03-16", "open", 10, "2027-03-16T18:30"],
    ]);
    expect(third?.id).toBe(after[2]?.id);
    // The run's calendar carries the exceptions: the cancelled date and the moved one.
    const ics = await callApi(t.app, "GET", `/api/runs/${run.id}.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toContain("text/calendar");
    expect(ics.body).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU");
    expect(ics.body).toContain("EXDATE;TZID=America/Los_Angeles:20270223T183000");
    expect(ics.body).toContain("RECURRENCE-ID;TZID=America/Los_Angeles:20270309T183000");
    expect(ics.body).toContain("DTSTART;TZID=America/Los_Angeles:20270310T190000");
    // The job does not make a cancelled or moved date again.
    await makeDueDates(t.db, { now: FEB_20 });
    expect(await gamesOf(run.id)).toHaveLength(4);
  });

  it("refuses a move into the past and a change by anyone but the organizer", async () => {
    const organizer = await player();
    const stranger = await player("Stranger");
    const run = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const past = await callApi(
      t.app,
      "PATCH",
      `/api/runs/${run.id}/dates/2027-03-09`,
      organizer.cookie,
      {
        scheduledAt: "2020-01-01T19:00:00Z",
      },
    );
    expect(past.statusCode).toBe(400);
    const other = await callApi(t.app, "PATCH", `/api/runs/${run.id}`, stranger.cookie, {
      fromDate: "2027-03-02",
      startTime: "19:00",
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(RUN_ONLY_ORGANIZER);
    const ended = await callApi(t.app, "POST", `/api/runs/${run.id}/end`, stranger.cookie, {});
    expect(ended.statusCode).toBe(403);
    expect((await callApi(t.app, "GET", "/api/runs/999999")).statusCode).toBe(404);
    expect((await callApi(t.app, "GET", "/api/runs/x")).statusCode).toBe(400);
  });

  it("changes time and seats from a date on, for dates still on the rule only", async () => {
    const organizer = await player();
    const run = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const [, second] = await gamesOf(run.id);
    await callApi(t.app, "PATCH", `/api/games/${second?.id}`, organizer.cookie, { maxPlayers: 6 });
    await callApi(t.app, "PATCH", `/api/runs/${run.id}/dates/2027-03-16`, organizer.cookie, {
      scheduledAt: "2027-03-17T20:00:00-07:00",
    });
    const change = await callApi(t.app, "PATCH", `/api/runs/${run.id}`, organizer.cookie, {
      fromDate: "2027-03-02",
      startTime: "19:00",
      maxPlayers: 12,
    });
    expect(change.statusCode).toBe(200);
    expect(change.json<Run>().startTime).toBe("19:00");
    const after = await gamesOf(run.id);
    expect(after.map((d) => [d.runDate, d.maxPlayers, local(d.scheduledAt.toISOString())])).toEqual(
      [
        ["2027-02-23", 10, "2027-02-23T18:30"], // before the change
        ["2027-03-02", 6, "2027-03-02T19:00"], // resized on its own: keeps 6
        ["2027-03-09", 12, "2027-03-09T19:00"],
        ["2027-03-16", 12, "2027-03-17T20:00"], // moved on its own: keeps its time
      ],
    );
    // New dates follow the changed rule.
    await makeDueDates(t.db, { now: new Date(FEB_20.getTime() + 7 * 86_400_000) });
    const added = (await gamesOf(run.id)).at(-1);
    expect([
      added?.runDate,
      added?.maxPlayers,
      local(added?.scheduledAt.toISOString() ?? ""),
    ]).toEqual(["2027-03-23", 12, "2027-03-23T19:00"]);
  });

  it("keeps dates ahead a few runs per transaction, letting a request in between", async () => {
    const organizer = await player();
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20));
    const order: string[] = [];
    await makeDueDates(notedTransactions(t.db, order), {
      now: new Date(FEB_20.getTime() + 7 * 86_400_000),
    });
    // The first batch is one run; the request runs before the second.
    expect(order.slice(0, 3)).toEqual(["batch 1", "request", "batch 2"]);
    for (const run of made) expect((await gamesOf(run.id)).length).toBe(5);
  });

  it("makes a run's dates one per transaction at the smallest batch, each once, going on where it stopped", async () => {
    // Three weeks on: the runs made before are brought up to then first, so only these two
    // are behind, three dates each.
    const later = new Date(FEB_20.getTime() + 21 * 86_400_000);
    await makeDueDates(t.db, { now: later });
    const organizer = await player();
    const made = [];
    for (let i = 0; i < 2; i++)
      made.push(await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20));
    const order: string[] = [];
    const games = await makeDueDates(notedTransactions(t.db, order), { now: later, batch: 1 });
    expect(games).toBe(6);
    // One game each, and a last one that finds nothing left.
    expect(order.filter((step) => step.startsWith("batch"))).toHaveLength(7);
    for (const run of made) {
      expect((await gamesOf(run.id)).map((d) => d.runDate)).toEqual([
        "2027-02-23",
        "2027-03-02",
        "2027-03-09",
        "2027-03-16",
        "2027-03-23",
        "2027-03-30",
        "2027-04-06",
      ]);
    }
    expect(await makeDueDates(t.db, { now: later })).toBe(0);
  });

  it("ends: no new dates; the dates made are kept, or cancelled when asked", async () => {
    const organizer = await player();
    const kept = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const cancelled = await createRun(t.db, organizer.id, rule(tuesdays()), FEB_20);
    const end1 = await callApi(t.app, "POST", `/api/runs/${kept.id}/end`, organizer.cookie, {});
    expect(end1.statusCode).toBe(200);
    expect(end1.json<Run>().status).toBe("ended");
    const end2 = await callApi(t.app, "POST", `/api/runs/${cancelled.id}/end`, organizer.cookie, {
      cancelUpcoming: true,
    });
    expect(end2.statusCode).toBe(200);
    await makeDueDates(t.db, { now: new Date("2027-04-01T00:00:00Z") });
    expect((await gamesOf(kept.id)).map((d) => d.status)).toEqual(["open", "open", "open", "open"]);
    expect((await gamesOf(cancelled.id)).map((d) => d.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    const change = await callApi(t.app, "PATCH", `/api/runs/${kept.id}`, organizer.cookie, {
      fromDate: "2027-03-02",
      maxPlayers: 8,
    });
    expect(change.statusCode).toBe(409);
  });
});

describe("regulars", () => {
  it("follow a run; those counted in by default are seated on each new date, up to the seats", async () => {
    const organizer = await player();
    const run = await createRun(t.db, organizer.id, rule(tuesdays({ maxPlayers: 3 })), FEB_20);
    const [first, second, third] = [
      await player("First"),
      await player("Second"),
      await player("Third"),
    ];
    for (const regular of [first, second, third]) {
      const follow = await callApi(t.app, "PUT", `/api/runs/${run.id}/regular`, regular.cookie, {
        countMeIn: regular !== second,
      });
      expect(follow.statusCode).toBe(200);
    }
    const read = await callApi(t.app, "GET", `/api/runs/${run.id}`);
    expect(read.json<Run>().regulars.map((r) => [r.name, r.countMeIn])).toEqual([
      ["First", true],
      ["Second", false],
      ["Third", true],
    ]);
    // A week on, the new date seats First and Third (2 free seats beside the organizer).
    await makeDueDates(t.db, { now: new Date(FEB_20.getTime() + 7 * 86_400_000) });
    const added = (await gamesOf(run.id)).at(-1);
    const seated = await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, added?.id ?? 0));
    expect(seated.map((s) => s.userId).sort()).toEqual([organizer.id, first?.id, third?.id].sort());
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.kind, "run_counted_in"), eq(notifications.gameId, added?.id ?? 0)),
      );
    expect(told.map((n) => n.userId).sort()).toEqual([first?.id, third?.id].sort());
    // Unfollowing stops it: the next date seats only Third.
    expect(
      (await callApi(t.app, "DELETE", `/api/runs/${run.id}/regular`, first?.cookie)).statusCode,
    ).toBe(200);
    await makeDueDates(t.db, { now: new Date(FEB_20.getTime() + 14 * 86_400_000) });
    const next = (await gamesOf(run.id)).at(-1);
    const nextSeated = await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, next?.id ?? 0));
    expect(nextSeated.map((s) => s.userId).sort()).toEqual([organizer.id, third?.id].sort());
  });

  it("needs a sign-in and a run that exists", async () => {
    const someone = await player();
    expect((await callApi(t.app, "PUT", "/api/runs/1/regular", undefined, {})).statusCode).toBe(
      401,
    );
    expect(
      (await callApi(t.app, "PUT", "/api/runs/999999/regular", someone.cookie, {})).statusCode,
    ).toBe(404);
  });
});
