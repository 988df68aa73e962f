import { describe, expect, it } from "vitest";
import { testCourt } from "@/test-support/test-courts.ts";
import {
  activePlayersLabel,
  courtCountLabel,
  courtTypeLabel,
  directionsUrl,
  lightingLabel,
  priceLabel,
  ratingLabel,
} from "./court-format.ts";

describe("court labels", () => {
  it("say the court's facts in the directory's words", () => {
    const outdoor = testCourt({ id: 1, numberOfCourts: 4, lighting: true, rating: 4 });
    const indoor = testCourt({ id: 2, isIndoor: true, freeToPlay: false });
    expect([courtTypeLabel(outdoor), courtTypeLabel(indoor)]).toEqual(["Outdoor", "Indoor"]);
    expect([priceLabel(outdoor), priceLabel(indoor)]).toEqual(["Free", "Paid"]);
    expect([lightingLabel(outdoor), lightingLabel(indoor)]).toEqual(["Lights", "No lights"]);
    expect([courtCountLabel(outdoor), courtCountLabel(indoor)]).toEqual([
      "4 Court(s)",
      "1 Court(s)",
    ]);
    expect(ratingLabel(outdoor)).toBe("4.0");
  });

  it("counts active players", () => {
    expect(activePlayersLabel(0)).toBe("No active players");
    expect(activePlayersLabel(1)).toBe("1 active player");
    expect(activePlayersLabel(7)).toBe("7 active players");
  });

  it("links directions to Google Maps with the court's coordinates", () => {
    expect(directionsUrl({ latitude: 33.9858, longitude: -118.4731 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=33.9858,-118.4731",
    );
  });
});
