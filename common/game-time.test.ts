import { describe, expect, it } from "vitest";
import { formatGameTime, zoneName } from "./game-time.ts";

const LA = "America/Los_Angeles";
const NY = "America/New_York";
// 6:30 PM on Saturday, November 28, 2026 in Los Angeles (PST, UTC-8): 2:30 AM Sunday in UTC.
const saturdayEvening = "2026-11-29T02:30:00.000Z";

describe("a game's time", () => {
  it("reads on the court's clock with its zone, in each style", () => {
    expect(formatGameTime(saturdayEvening, LA, "full")).toBe(
      "Saturday, November 28, 2026 at 6:30 PM PT",
    );
    expect(formatGameTime(saturdayEvening, LA, "short")).toBe("Sat, Nov 28, 6:30 PM PT");
    expect(formatGameTime(saturdayEvening, LA)).toBe("Sat, Nov 28, 6:30 PM PT");
    expect(formatGameTime(new Date(saturdayEvening), NY)).toBe("Sat, Nov 28, 9:30 PM ET");
    expect(formatGameTime(saturdayEvening, "Asia/Tokyo")).toBe("Sun, Nov 29, 11:30 AM GMT+9");
  });

  it("names the court's day, which can differ from UTC's", () => {
    expect(formatGameTime("2026-07-04T01:30:00Z", LA)).toBe("Fri, Jul 3, 6:30 PM PT");
    expect(formatGameTime("2026-07-04T01:30:00Z", "Europe/Vaduz")).toBe(
      "Sat, Jul 4, 3:30 AM GMT+2",
    );
  });

  it("follows the court's clock across March's change to daylight time", () => {
    // Los Angeles: 2:00 AM PST on March 8, 2026 became 3:00 AM PDT.
    expect(formatGameTime("2026-03-08T09:30:00Z", LA)).toBe("Sun, Mar 8, 1:30 AM PT");
    expect(formatGameTime("2026-03-08T10:30:00Z", LA)).toBe("Sun, Mar 8, 3:30 AM PT");
    // The same evening hour is an hour earlier in UTC after the change.
    expect(formatGameTime("2026-03-08T02:30:00Z", LA)).toBe("Sat, Mar 7, 6:30 PM PT");
    expect(formatGameTime("2026-03-09T01:30:00Z", LA)).toBe("Sun, Mar 8, 6:30 PM PT");
    // Europe changes three weeks later: one UTC hour, two offsets.
    expect(formatGameTime("2026-03-29T00:30:00Z", "Europe/Vaduz")).toBe(
      "Sun, Mar 29, 1:30 AM GMT+1",
    );
    expect(formatGameTime("2026-03-29T01:30:00Z", "Europe/Vaduz")).toBe(
      "Sun, Mar 29, 3:30 AM GMT+2",
    );
  });

  it("follows the court's clock across November's change back to standard time", () => {
    // Los Angeles: 1:30 AM happened twice on November 1, 2026, first in PDT, then in PST.
    expect(formatGameTime("2026-11-01T08:30:00Z", LA)).toBe("Sun, Nov 1, 1:30 AM PT");
    expect(formatGameTime("2026-11-01T09:30:00Z", LA)).toBe("Sun, Nov 1, 1:30 AM PT");
    expect(formatGameTime("2026-11-01T01:30:00Z", LA)).toBe("Sat, Oct 31, 6:30 PM PT");
    expect(formatGameTime("2026-11-02T02:30:00Z", LA)).toBe("Sun, Nov 1, 6:30 PM PT");
    expect(formatGameTime("2026-10-25T00:30:00Z", "Europe/Vaduz")).toBe(
      "Sun, Oct 25, 2:30 AM GMT+2",
    );
    expect(formatGameTime("2026-10-25T01:30:00Z", "Europe/Vaduz")).toBe(
      "Sun, Oct 25, 2:30 AM GMT+1",
    );
  });

  describe("on a card", () => {
    // Noon on Saturday, May 2, 2026 in Los Angeles (PDT, UTC-7).
    const now = new Date("2026-05-02T19:00:00Z");

    it.each([
      ["2026-05-03T01:30:00Z", "Today, 6:30 PM PT"],
      ["2026-05-03T16:00:00Z", "Tomorrow, 9:00 AM PT"],
      ["2026-05-02T03:00:00Z", "Yesterday, 8:00 PM PT"],
      ["2026-05-09T14:05:00Z", "Sat, May 9, 7:05 AM PT"],
      ["2026-05-01T06:59:00Z", "Thu, Apr 30, 11:59 PM PT"],
    ])("%s is %s", (iso, text) => {
      expect(formatGameTime(iso, LA, "soon", now)).toBe(text);
    });

    it("counts days on the court's calendar, not the viewer's", () => {
      // 11:30 PM in LA is already the next day in New York and in UTC.
      expect(formatGameTime("2026-05-03T06:30:00Z", LA, "soon", now)).toBe("Today, 11:30 PM PT");
      expect(formatGameTime("2026-05-03T06:30:00Z", NY, "soon", now)).toBe("Tomorrow, 2:30 AM ET");
    });

    it("counts days across both clock changes", () => {
      // Noon the day before each change: 'tomorrow' is 23 and 25 hours away.
      expect(
        formatGameTime("2026-03-09T01:30:00Z", LA, "soon", new Date("2026-03-07T20:00:00Z")),
      ).toBe("Tomorrow, 6:30 PM PT");
      expect(
        formatGameTime("2026-11-02T02:30:00Z", LA, "soon", new Date("2026-10-31T19:00:00Z")),
      ).toBe("Tomorrow, 6:30 PM PT");
    });
  });

  it("names US zones by their short name and others by their offset", () => {
    const july = new Date("2026-07-04T01:30:00Z");
    expect(zoneName(july, LA)).toBe("PT");
    expect(zoneName(july, "America/Chicago")).toBe("CT");
    expect(zoneName(july, "Europe/Vaduz")).toBe("GMT+2");
    expect(zoneName(july, "UTC")).toBe("UTC");
  });
});
