import { describe, expect, it } from "vitest";
import { dateFormat, toZonedInputValue, zonedValueToIso, zoneOffsetMinutes } from "./zoned-time.ts";

const instant = new Date("2026-07-04T01:30:00Z");

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
});
