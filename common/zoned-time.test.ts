import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dateFormat,
  formatZonedDate,
  formatZonedDay,
  formatZonedTime,
  recordDateTexts,
  toZonedInputValue,
  zonedValueToIso,
  zoneOffsetMinutes,
} from "./zoned-time.ts";

const instant = new Date("2026-07-04T01:30:00Z");

describe("zoned time", () => {
  it("says the court's local time and zone", () => {
    expect(formatZonedTime(instant, "America/Los_Angeles")).toBe("6:30 PM PT");
    expect(formatZonedTime(instant, "America/New_York")).toBe("9:30 PM ET");
    expect(formatZonedTime(instant, "Europe/Vaduz")).toBe("3:30 AM GMT+2");
  });

  it("names the court's day, which can differ from UTC's", () => {
    expect(formatZonedDay(instant, "America/Los_Angeles")).toBe("Fri, Jul 3");
    expect(formatZonedDay(instant, "Europe/Vaduz")).toBe("Sat, Jul 4");
  });
});

describe("date formatters", () => {
  it("builds one formatter per set of options and reuses it", () => {
    const la = dateFormat({ hour: "numeric", minute: "2-digit", timeZone: "America/Los_Angeles" });
    expect(
      dateFormat({ hour: "numeric", minute: "2-digit", timeZone: "America/Los_Angeles" }),
    ).toBe(la);
    const ny = dateFormat({ hour: "numeric", minute: "2-digit", timeZone: "America/New_York" });
    expect(ny).not.toBe(la);
    expect(la.format(instant)).toBe("6:30 PM");
    expect(ny.format(instant)).toBe("9:30 PM");
  });
});

describe("date texts from the server", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("keeps what a render formats, overlapping renders each all of theirs", () => {
    const stopFirst = recordDateTexts();
    formatZonedDay(instant, "America/Los_Angeles");
    const stopSecond = recordDateTexts();
    formatZonedTime(instant, "America/New_York");
    const first = new Map(stopFirst());
    formatZonedDate(instant, "UTC");
    const second = new Map(stopSecond());
    formatZonedDate(instant, "Asia/Tokyo"); // no render is recording any more

    expect([...first.values()]).toContain("Fri, Jul 3");
    expect([...first.values()]).toContain("9:30 PM");
    expect([...first.values()]).not.toContain("Saturday, July 4, 2026");
    expect([...second.values()]).toEqual(
      expect.arrayContaining(["9:30 PM", "Saturday, July 4, 2026"]),
    );
    expect([...second.values()]).not.toContain("Fri, Jul 3");
    expect(second.size).toBe(3); // the time, the zone's name (as parts), the date
  });

  it("shows in the browser the texts the server wrote, without building any Intl formatter", async () => {
    const stop = recordDateTexts();
    formatZonedTime(instant, "America/Los_Angeles");
    const texts = stop();

    // The page's own copy of the module, as the browser has it.
    vi.resetModules();
    const browser = await import("./zoned-time.ts");
    browser.seedDateTexts(texts);
    browser.seedDateTexts([["not", 1], "junk", null]); // ignored
    const built = vi.fn();
    vi.stubGlobal("Intl", {
      ...Intl,
      DateTimeFormat: class {
        constructor() {
          built();
          throw new Error("no Intl here");
        }
      },
    });
    expect(browser.formatZonedTime(instant, "America/Los_Angeles")).toBe("6:30 PM PT");
    expect(built).not.toHaveBeenCalled();
    // Any other text still needs Intl.
    expect(() => browser.formatZonedTime(new Date(0), "America/Los_Angeles")).toThrow(
      "no Intl here",
    );
    expect(built).toHaveBeenCalled();
  });
});

describe("reading a time typed for a court", () => {
  it("reads the wall clock in the court's zone, wherever the player is", () => {
    expect(zonedValueToIso("2026-07-04T18:30", "America/Los_Angeles")).toBe(
      "2026-07-04T18:30:00-07:00",
    );
    expect(zonedValueToIso("2026-12-04T18:30", "America/Los_Angeles")).toBe(
      "2026-12-04T18:30:00-08:00",
    );
    expect(zonedValueToIso("2026-07-04T18:30", "Europe/Vaduz")).toBe("2026-07-04T18:30:00+02:00");
    expect(zonedValueToIso("2026-07-04T18:30", "Asia/Kolkata")).toBe("2026-07-04T18:30:00+05:30");
    expect(zonedValueToIso("2026-07-04T18:30", "UTC")).toBe("2026-07-04T18:30:00+00:00");
  });

  it("handles the hours around a DST change", () => {
    // 2026-03-08 02:30 does not exist in Los Angeles: clocks jump from 2:00 to 3:00.
    expect(zonedValueToIso("2026-03-08T02:30", "America/Los_Angeles")).toBe(
      "2026-03-08T03:30:00-07:00",
    );
    expect(zonedValueToIso("2026-03-08T03:30", "America/Los_Angeles")).toBe(
      "2026-03-08T03:30:00-07:00",
    );
    expect(zonedValueToIso("2026-03-08T01:30", "America/Los_Angeles")).toBe(
      "2026-03-08T01:30:00-08:00",
    );
    // 2026-11-01 01:30 happens twice: the first (daylight) reading.
    expect(zonedValueToIso("2026-11-01T01:30", "America/Los_Angeles")).toMatch(
      /^2026-11-01T01:30:00-0[78]:00$/,
    );
  });

  it("writes an instant on the court's clock, and leaves other text to the schema", () => {
    expect(toZonedInputValue(instant, "America/Los_Angeles")).toBe("2026-07-03T18:30");
    expect(toZonedInputValue(instant, "Europe/Vaduz")).toBe("2026-07-04T03:30");
    expect(zonedValueToIso("", "UTC")).toBe("");
    expect(zonedValueToIso("tomorrow at six", "UTC")).toBe("tomorrow at six");
    expect(zoneOffsetMinutes(instant, "America/New_York")).toBe(-240);
  });

  it("names the whole date in the court's zone", () => {
    expect(formatZonedDate(instant, "America/Los_Angeles")).toBe("Friday, July 3, 2026");
  });
});
