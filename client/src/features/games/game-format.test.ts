import { describe, expect, it } from "vitest";
import { formatDistance } from "./game-format.ts";

describe("game formats", () => {
  it("says mile for one and miles otherwise", () => {
    expect(formatDistance(1)).toBe("1 mile away");
    expect(formatDistance(2.3)).toBe("2.3 miles away");
  });
});
