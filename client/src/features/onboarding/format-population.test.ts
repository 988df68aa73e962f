import { describe, expect, it } from "vitest";
import { formatPopulation } from "./format-population.ts";

describe("formatPopulation", () => {
  it.each([
    [0, "0 people"],
    [1, "1 person"],
    [42, "42 people"],
    [999, "999 people"],
    [1_000, "1K people"],
    [1_999, "1K people"],
    [12_345, "12K people"],
    [961_855, "961K people"],
    [999_999, "999K people"],
    [1_000_000, "1.0M people"],
    [1_250_000, "1.2M people"],
    [3_971_883, "3.9M people"],
    [8_804_190, "8.8M people"],
    [12_000_000, "12.0M people"],
  ])("shows %i as %s", (population, expected) => {
    expect(formatPopulation(population)).toBe(expected);
  });

  it("never shows a negative or fractional count", () => {
    expect(formatPopulation(-5)).toBe("0 people");
    expect(formatPopulation(12.7)).toBe("12 people");
  });
});
