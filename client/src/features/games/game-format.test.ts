import { describe, expect, it } from "vitest";
import { formatDistance, formatGameWhen } from "./game-format.ts";

describe("game detail formats", () => {
  it("writes the full date and time in en-US", () => {
    // Local time, so the test holds in any time zone.
    expect(formatGameWhen(new Date(2026, 4, 2, 18, 30).toISOString())).toBe(
      "Saturday, May 2, 2026 at 6:30 PM",
    );
  });

  it("says mile for one and miles otherwise", () => {
    expect(formatDistance(1)).toBe("1 mile away");
    expect(formatDistance(2.3)).toBe("2.3 miles away");
  });
});
