import { describe, expect, it } from "vitest";
import { formatZonedDay, formatZonedTime } from "./zoned-time.ts";

describe("zoned time", () => {
  const instant = new Date("2026-07-04T01:30:00Z");

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
