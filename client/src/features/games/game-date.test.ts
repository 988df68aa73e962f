import { describe, expect, it } from "vitest";
import { formatGameDate } from "./game-date.ts";

const LA = "America/Los_Angeles";
// Noon on May 2 in Los Angeles (UTC-7).
const now = new Date("2026-05-02T19:00:00Z");

describe("formatGameDate", () => {
  it.each([
    ["2026-05-03T01:30:00Z", "Today 6:30 PM PT"],
    ["2026-05-03T16:00:00Z", "Tomorrow 9:00 AM PT"],
    ["2026-05-02T03:00:00Z", "Yesterday 8:00 PM PT"],
    ["2026-05-09T14:05:00Z", "May 9 7:05 AM PT"],
    ["2026-05-01T06:59:00Z", "Apr 30 11:59 PM PT"],
  ])("%s is %s", (iso, text) => {
    expect(formatGameDate(iso, LA, now)).toBe(text);
  });

  it("counts days on the court's calendar, not the viewer's", () => {
    // 11:30 PM in LA is already the next day in New York and in UTC.
    expect(formatGameDate("2026-05-03T06:30:00Z", LA, now)).toBe("Today 11:30 PM PT");
    expect(formatGameDate("2026-05-03T06:30:00Z", "America/New_York", now)).toBe(
      "Tomorrow 2:30 AM ET",
    );
  });
});
