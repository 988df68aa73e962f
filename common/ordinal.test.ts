import { describe, expect, it } from "vitest";
import { ordinal, placeInLine } from "./ordinal.ts";

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
  ])("%i → %s", (n, text) => expect(ordinal(n)).toBe(text));

  it("names a place in the line", () => expect(placeInLine(2)).toBe("2nd in line"));
});
