import { describe, expect, it } from "vitest";
import { formatDistance, formatGameWhen } from "./game-format.ts";

describe("game detail formats", () => {
  it("writes the full date and time on the court's clock, with its zone", () => {
    const instant = "2026-05-03T01:30:00.000Z";
    expect(formatGameWhen(instant, "America/Los_Angeles")).toBe(
      "Saturday, May 2, 2026 at 6:30 PM PT",
    );
    expect(formatGameWhen(instant, "America/New_York")).toBe("Saturday, May 2, 2026 at 9:30 PM ET");
  });

  it("says mile for one and miles otherwise", () => {
    expect(formatDistance(1)).toBe("1 mile away");
    expect(formatDistance(2.3)).toBe("2.3 miles away");
  });
});
