import { describe, expect, it } from "vitest";
import { dayRange, parseDateValue } from "./day-range.ts";

// Local dates, so the ranges hold in any time zone. May 6, 2026 is a Wednesday.
const local = (month: number, day: number) => new Date(2026, month - 1, day).toISOString();
const wednesday = new Date(2026, 4, 6, 15, 30);

describe("dayRange", () => {
  it("filters nothing for any day", () => {
    expect(dayRange("any", "", wednesday)).toEqual({});
  });

  it("covers today and tomorrow from local midnight to local midnight", () => {
    expect(dayRange("today", "", wednesday)).toEqual({ from: local(5, 6), to: local(5, 7) });
    expect(dayRange("tomorrow", "", wednesday)).toEqual({ from: local(5, 7), to: local(5, 8) });
  });

  it("crosses a month end", () => {
    const last = new Date(2026, 4, 31, 22, 0);
    expect(dayRange("tomorrow", "", last)).toEqual({ from: local(6, 1), to: local(6, 2) });
  });

  it.each([
    ["a Wednesday", new Date(2026, 4, 6, 9), 9],
    ["a Friday night", new Date(2026, 4, 8, 23, 59), 9],
    ["a Saturday", new Date(2026, 4, 9, 8), 9],
    ["a Sunday", new Date(2026, 4, 10, 20), 9],
    ["a Monday", new Date(2026, 4, 11, 0, 1), 16],
  ])("on %s the weekend is the Saturday the %ith and its Sunday", (_, now, saturday) => {
    expect(dayRange("weekend", "", now)).toEqual({
      from: local(5, saturday),
      to: local(5, saturday + 2),
    });
  });

  it("covers a picked date, and nothing while no valid date is picked", () => {
    expect(dayRange("date", "2026-12-31", wednesday)).toEqual({
      from: new Date(2026, 11, 31).toISOString(),
      to: new Date(2027, 0, 1).toISOString(),
    });
    expect(dayRange("date", "", wednesday)).toEqual({});
    expect(dayRange("date", "2026-02-31", wednesday)).toEqual({});
  });
});

describe("parseDateValue", () => {
  it("reads a date input's value as local midnight", () => {
    expect(parseDateValue("2026-05-09")).toEqual(new Date(2026, 4, 9));
    expect(parseDateValue("05/09/2026")).toBeUndefined();
    expect(parseDateValue("2026-13-01")).toBeUndefined();
  });
});
