import { describe, expect, it } from "vitest";
import { formatGameDate } from "./game-date.ts";

// Local times, so the words hold in any time zone.
const now = new Date(2026, 4, 2, 12, 0);
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 4, day, hour, minute).toISOString();

describe("formatGameDate", () => {
  it.each([
    [at(2, 18, 30), "Today 6:30 PM"],
    [at(3, 9), "Tomorrow 9:00 AM"],
    [at(1, 20), "Yesterday 8:00 PM"],
    [at(9, 7, 5), "May 9 7:05 AM"],
    [new Date(2026, 3, 30, 23, 59).toISOString(), "Apr 30 11:59 PM"],
  ])("%s is %s", (iso, text) => {
    expect(formatGameDate(iso, now)).toBe(text);
  });

  it("counts calendar days, not 24-hour spans", () => {
    expect(formatGameDate(at(3, 0, 15), new Date(2026, 4, 2, 23, 50))).toBe("Tomorrow 12:15 AM");
  });
});
