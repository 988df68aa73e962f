import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPULAR_TIMES_MIN_CHECK_INS } from "../../../common/popular-times.ts";
import { courtCheckIns, courtHourlyVisits } from "../../db/schema.ts";
import { insertCheckIns } from "../../test-support/check-in-rows.ts";
import { insertCourtRow, insertPlayer } from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { checkIn, checkOut, expireStaleCheckIns } from "../checkins/service.ts";
import { bestSlots, busyLevel, clockAt, popularTimes, pruneHourlyVisits } from "./popular-times.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// Reykjavik keeps UTC all year (no daylight saving): its clock is the UTC clock.
const REYKJAVIK = { latitude: 64.1466, longitude: -21.9426 };

/** The latest Saturday 18:00 UTC at least three days before `from`. */
function saturdayEvening(from: number): number {
  const d = new Date(from - 3 * DAY);
  d.setUTCHours(18, 0, 0, 0);
  while (d.getUTCDay() !== 6 || d.getTime() > from - 3 * DAY) d.setTime(d.getTime() - DAY);
  return d.getTime();
}

async function players(n: number) {
  return Promise.all(Array.from({ length: n }, () => insertPlayer(t.db, { nickname: null })));
}

describe("popular times", () => {
  it("says there is too little history instead of drawing a curve", async () => {
    const court = await insertCourtRow(t.db, REYKJAVIK);
    const [bro] = await players(1);
    const now = Date.now();
    await insertCheckIns(
      t.db,
      Array.from({ length: POPULAR_TIMES_MIN_CHECK_INS - 1 }, (_, i) => ({
        userId: bro as string,
        courtId: court,
        at: new Date(now - (i + 1) * DAY),
        minutes: 60,
      })),
    );
    const times = await popularTimes(t.db, court);
    expect(times).toMatchObject({
      enoughData: false,
      checkIns: POPULAR_TIMES_MIN_CHECK_INS - 1,
      week: null,
      now: null,
      bestFullRun: null,
      timeZone: "Atlantic/Reykjavik",
    });
  });

  it("averages the players there per weekday and hour over the weeks observed", async () => {
    const court = await insertCourtRow(t.db, REYKJAVIK);
    const crew = await players(12);
    const saturday = saturdayEvening(Date.now());
    const rows = [];
    for (let week = 0; week < 4; week++) {
      const evening = saturday - week * WEEK;
      // Twelve players for an hour and a half on Saturday from 18:00: hours 18 and 19.
      for (const userId of crew)
        rows.push({ userId, courtId: court, at: new Date(evening), minutes: 90 });
      // One player on Monday morning at 10:15 for 20 minutes.
      rows.push({
        userId: crew[0] as string,
        courtId: court,
        at: new Date(evening + 40 * HOUR + 15 * 60_000),
        minutes: 20,
      });
    }
    // Check-ins at other courts and older than the window never count.
    const other = await insertCourtRow(t.db, REYKJAVIK);
    rows.push({ userId: crew[1] as string, courtId: other, at: new Date(saturday), minutes: 90 });
    rows.push({
      userId: crew[1] as string,
      courtId: court,
      at: new Date(saturday - 9 * WEEK),
      minutes: 90,
    });
    await insertCheckIns(t.db, rows);

    // Two days after the latest Saturday: Monday 18:00, four weeks observed.
    const now = new Date(saturday + 2 * DAY);
    const times = await popularTimes(t.db, court, now);
    expect(times.enoughData).toBe(true);
    expect(times.checkIns).toBe(52);
    expect(times.days).toBe(8);
    const week = times.week as number[][];
    expect(week[5]?.[18]).toBe(12);
    expect(week[5]?.[19]).toBe(12);
    expect(week[5]?.[20]).toBe(0);
    expect(week[0]?.[10]).toBe(1);
    expect(week.flat().reduce((a, b) => a + b, 0)).toBe(25);
    expect(times.bestFullRun).toEqual({ day: 6, hour: 18, players: 12 });
    expect(times.busiest).toEqual({ day: 6, hour: 18, players: 12 });
    expect(times.now).toEqual({ day: 1, hour: 18, level: "quiet" });

    // Saturday at 18:30 a week later, that hour is usually busy.
    const busy = await popularTimes(t.db, court, new Date(saturday + WEEK + 30 * 60_000));
    expect(busy.now).toEqual({ day: 6, hour: 18, level: "busy" });
  });

  it("reads the court's own clock, not the server's", () => {
    const instant = new Date("2026-03-07T02:30:00Z"); // Friday 18:30 in Los Angeles
    expect(clockAt(instant, "America/Los_Angeles")).toEqual({ day: 5, hour: 18 });
    expect(clockAt(instant, "Europe/Berlin")).toEqual({ day: 6, hour: 3 });
  });

  it("calls an hour busy, moderate or quiet against the court's busiest hour", () => {
    expect(busyLevel(8, 10)).toBe("busy");
    expect(busyLevel(4, 10)).toBe("moderate");
    expect(busyLevel(2, 10)).toBe("quiet");
    expect(busyLevel(0.5, 1)).toBe("quiet");
    expect(busyLevel(3, 0)).toBe("quiet");
  });

  it("names no full 5-on-5 hour when no hour usually has ten players", () => {
    const week = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    (week[2] as number[])[17] = 6;
    expect(bestSlots(week)).toEqual({ best: null, busiest: { day: 3, hour: 17, players: 6 } });
    (week[4] as number[])[19] = 10.5;
    expect(bestSlots(week).best).toEqual({ day: 5, hour: 19, players: 10.5 });
  });
});

describe("the hourly counts behind popular times", () => {
  const countsOf = async (courtId: number) =>
    (
      await t.db
        .select({
          hour: courtHourlyVisits.hour,
          arrivals: courtHourlyVisits.arrivals,
          present: courtHourlyVisits.present,
        })
        .from(courtHourlyVisits)
        .where(eq(courtHourlyVisits.courtId, courtId))
        .orderBy(courtHourlyVisits.hour)
    ).map((r) => [r.hour.toISOString(), r.arrivals, r.present]);

  it("counts a check-in once it ends, by checking out, moving on or running out", async () => {
    const [a, b] = [await insertCourtRow(t.db, REYKJAVIK), await insertCourtRow(t.db, REYKJAVIK)];
    const [first, second, third] = await players(3);
    // Open check-ins are not counted yet.
    await checkIn(t.db, first as string, a);
    await checkIn(t.db, second as string, a);
    await checkIn(t.db, third as string, a);
    expect(await countsOf(a)).toEqual([]);

    await checkOut(t.db, first as string); // checking out
    await checkIn(t.db, second as string, b); // moving to another court
    const thisHour = new Date();
    thisHour.setUTCMinutes(0, 0, 0);
    expect(await countsOf(a)).toEqual([[thisHour.toISOString(), 2, 2]]);

    // Running out: begun 4 h 10 min ago, it ends after its 3 hours and counts in 4 hours.
    await t.db
      .update(courtCheckIns)
      .set({ checkedInAt: sql`now() - interval '250 minutes'` })
      .where(eq(courtCheckIns.userId, third as string));
    await expireStaleCheckIns(t.db);
    const counts = await countsOf(a);
    expect(counts.reduce((n, [, arrivals]) => n + Number(arrivals), 0)).toBe(3);
    expect(counts.reduce((n, [, , present]) => n + Number(present), 0)).toBe(2 + 4);
    // Closing an already closed check-in again adds nothing.
    await expireStaleCheckIns(t.db);
    await checkOut(t.db, first as string);
    expect(await countsOf(a)).toEqual(counts);
  });

  it("counts open check-ins on the page as they happen, and forgets hours past the window", async () => {
    const court = await insertCourtRow(t.db, REYKJAVIK);
    const crew = await players(4);
    for (const id of crew) await checkIn(t.db, id, court);
    const times = await popularTimes(t.db, court);
    expect(times.checkIns).toBe(4);
    expect(times.enoughData).toBe(false);

    await insertCheckIns(t.db, [
      {
        userId: crew[0] as string,
        courtId: court,
        at: new Date(Date.now() - 10 * WEEK),
        minutes: 60,
      },
    ]);
    expect(await countsOf(court)).not.toEqual([]);
    await pruneHourlyVisits(t.db);
    expect(await countsOf(court)).toEqual([]);
  });
});
