import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count.ts";

describe("formatCount", () => {
  it("writes whole numbers as Intl's en-US does", () => {
    const samples = [0, 7, 42, 999, 1000, 1001, 10_008, 999_999, 1_000_000, 123_456_789];
    for (let i = 0; i < 500; i++) samples.push(Math.floor(Math.random() * 10 ** (i % 16)));
    for (const n of [...samples, ...samples.map((s) => -s), Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });

  it("leaves fractions and non-numbers to Intl", () => {
    for (const n of [1234.5, -0.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
