import { describe, expect, it } from "vitest";
import { formatSpotsLeft, gameTypeLabel } from "./games.ts";

describe("game wording", () => {
  it.each([
    [7, 10, "3 spots left"],
    [9, 10, "1 spot left"],
    [10, 10, "No spots left"],
    [12, 10, "No spots left"],
  ])("%i of %i players: %s", (current, max, text) => {
    expect(formatSpotsLeft(current, max)).toBe(text);
  });

  it("labels game types, and shows an unknown one as stored", () => {
    expect(gameTypeLabel("3v3")).toBe("3-on-3");
    expect(gameTypeLabel("pickup")).toBe("Pickup");
    expect(gameTypeLabel("horse")).toBe("horse");
    expect(gameTypeLabel("constructor")).toBe("constructor");
  });
});
