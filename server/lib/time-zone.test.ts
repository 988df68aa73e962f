import { describe, expect, it } from "vitest";
import { timeZoneAt } from "./time-zone.ts";

describe("timeZoneAt", () => {
  it("names the zone of a position on land", () => {
    expect(timeZoneAt(34.0522, -118.2437)).toBe("America/Los_Angeles");
    expect(timeZoneAt(40.7128, -74.006)).toBe("America/New_York");
    expect(timeZoneAt(41.8781, -87.6298)).toBe("America/Chicago");
    expect(timeZoneAt(47.141, 9.5209)).toBe("Europe/Vaduz");
  });

  it("falls back to UTC at sea and for impossible positions", () => {
    expect(timeZoneAt(0, -30)).toBe("UTC");
    expect(timeZoneAt(91, 0)).toBe("UTC");
    expect(timeZoneAt(Number.NaN, 0)).toBe("UTC");
  });
});
