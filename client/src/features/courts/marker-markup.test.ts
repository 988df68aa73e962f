import { describe, expect, it } from "vitest";
import { groupDigits } from "./marker-markup.ts";

describe("groupDigits", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 42, 999, 1000, 4321, 99_999, 100_000, 1_234_567, 10_000_000]) {
      expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
