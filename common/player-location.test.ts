import { describe, expect, it } from "vitest";
import { playerLocation } from "./player-location.ts";

describe("playerLocation", () => {
  it("is the area, else City, ST, else nothing", () => {
    expect(playerLocation({ area: "Venice Beach", city: "Los Angeles", state: "CA" })).toBe(
      "Venice Beach",
    );
    expect(playerLocation({ area: null, city: "Los Angeles", state: "CA" })).toBe(
      "Los Angeles, CA",
    );
    expect(playerLocation({ area: "  ", city: "Austin", state: "" })).toBe("Austin");
    expect(playerLocation({ area: null, city: null, state: "CA" })).toBeNull();
    expect(playerLocation({})).toBeNull();
  });
});
