import { describe, expect, it } from "vitest";
import { formatDistance, formatGameDayTime, formatGameWhen } from "./game-format.ts";

describe("game detail formats", () => {
  it("writes the full date and time on the court's clock, with its zone", () => {
    const instant = "2026-05-03T01:30:00.000Z";
    expect(formatGameWhen(instant, "America/Los_Angeles")).toBe(
      "Saturday, May 2, 2026 at 6:30 PM PT",
    );
    expect(formatGameWhen(instant, "America/New_York")).toBe("Saturday, May 2, 2026 at 9:30 PM ET");
  });

  it("writes a game in a list as its short day and time, on the viewer's clock", () => {
    // Built on this machine's clock, so the expected text holds in any time zone.
    const saturdayEvening = new Date(2026, 4, 2, 18, 30).toISOString();
    expect(formatGameDayTime(saturdayEvening)).toBe("Sat, May 2, 6:30 PM");
    expect(formatGameDayTime(new Date(2026, 11, 31, 9, 5).toISOString())).toBe(
      "Thu, Dec 31, 9:05 AM",
    );
  });

  it("says mile for one and miles otherwise", () => {
    expect(formatDistance(1)).toBe("1 mile away");
    expect(formatDistance(2.3)).toBe("2.3 miles away");
  });
});
