import { describe, expect, it } from "vitest";
import { toZonedInputValue } from "../../../common/zoned-time.ts";
import {
  allRunDates,
  firstRunDate,
  isSkipped,
  type RunRule,
  runDates,
  startOf,
} from "./recurrence.ts";

const LA = "America/Los_Angeles";
const tuesdays: RunRule = {
  weekdays: [1],
  intervalWeeks: 1,
  firstDate: "2026-10-20",
  untilDate: null,
  count: null,
  startTime: "18:30",
};

describe("a run's dates on the court's clock", () => {
  it("keeps 6:30 PM in Los Angeles across the November and March changes", () => {
    const dates = runDates(tuesdays, "2026-10-20", "2027-03-31");
    expect(dates).toContain("2026-10-27"); // before fall back (PDT)
    expect(dates).toContain("2026-11-03"); // after fall back (PST)
    expect(dates).toContain("2027-03-09"); // before spring forward (PST)
    expect(dates).toContain("2027-03-16"); // after spring forward (PDT)
    for (const date of dates) {
      expect(toZonedInputValue(startOf(date, "18:30", LA), LA)).toBe(`${date}T18:30`);
    }
    // The instants move by the hour the clocks move: 01:30Z in PDT, 02:30Z in PST.
    expect(startOf("2026-10-27", "18:30", LA).toISOString()).toBe("2026-10-28T01:30:00.000Z");
    expect(startOf("2026-11-03", "18:30", LA).toISOString()).toBe("2026-11-04T02:30:00.000Z");
    expect(startOf("2027-03-09", "18:30", LA).toISOString()).toBe("2027-03-10T02:30:00.000Z");
    expect(startOf("2027-03-16", "18:30", LA).toISOString()).toBe("2027-03-17T01:30:00.000Z");
  });

  it("expands weekdays, intervals, counts and ends as RFC 5545 does (weeks start Monday)", () => {
    const twoWeekly = { ...tuesdays, weekdays: [1, 3], intervalWeeks: 2 };
    expect(runDates(twoWeekly, "2026-10-20", "2026-11-20")).toEqual([
      "2026-10-20",
      "2026-10-22",
      "2026-11-03",
      "2026-11-05",
      "2026-11-17",
      "2026-11-19",
    ]);
    expect(allRunDates({ ...tuesdays, count: 3 }, 104)).toEqual([
      "2026-10-20",
      "2026-10-27",
      "2026-11-03",
    ]);
    expect(allRunDates({ ...tuesdays, untilDate: "2026-11-03" }, 104)).toHaveLength(3);
    // Weekly for three years is more than 104: the expansion stops at limit + 1.
    expect(allRunDates({ ...tuesdays, untilDate: "2029-10-20" }, 104)).toHaveLength(105);
  });

  it("starts on the first matching weekday on or after the first date", () => {
    expect(firstRunDate({ ...tuesdays, firstDate: "2026-10-21" })).toBe("2026-10-27");
    expect(firstRunDate(tuesdays)).toBe("2026-10-20");
  });

  it("reads a skipped time with the offset before the gap, and a doubled one as the first", () => {
    // Spring forward, 14 March 2027: 2:30 AM does not exist in Los Angeles; 3:30 AM PDT.
    expect(isSkipped("2027-03-14", "02:30", LA)).toBe(true);
    expect(toZonedInputValue(startOf("2027-03-14", "02:30", LA), LA)).toBe("2027-03-14T03:30");
    // Fall back, 1 November 2026: 1:30 AM happens twice; the first is PDT (08:30Z).
    expect(isSkipped("2026-11-01", "01:30", LA)).toBe(false);
    expect(startOf("2026-11-01", "01:30", LA).toISOString()).toBe("2026-11-01T08:30:00.000Z");
    expect(isSkipped("2026-11-03", "18:30", LA)).toBe(false);
  });
});
