import { describe, expect, it } from "vitest";
import { hourLabel, playersLabel, slotLabel } from "./popular-times-format.ts";

describe("popular times wording", () => {
  it("names hours on a 12-hour clock", () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual([
      "12 AM",
      "1 AM",
      "11 AM",
      "12 PM",
      "1 PM",
      "11 PM",
    ]);
  });

  it("rounds players and never says '0 players'", () => {
    expect(playersLabel(0.2)).toBe("nobody usually");
    expect(playersLabel(0.6)).toBe("about 1 player");
    expect(playersLabel(12.4)).toBe("about 12 players");
  });

  it("names a weekly slot", () => {
    expect(slotLabel({ day: 6, hour: 18 })).toBe("Saturdays at 6 PM");
    expect(slotLabel({ day: 1, hour: 0 })).toBe("Mondays at 12 AM");
  });
});
