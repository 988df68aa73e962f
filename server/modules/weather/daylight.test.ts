import { describe, expect, it } from "vitest";
import { formatClockTime } from "../../../common/weather-text.ts";
import { daylightAt } from "./daylight.ts";

const LA = { latitude: 34.0522, longitude: -118.2437, timeZone: "America/Los_Angeles" };
const SVALBARD = { latitude: 78.2232, longitude: 15.6267, timeZone: "Arctic/Longyearbyen" };
const MINUTE = 60_000;

/** A game from `start` for `minutes` (two hours, as games last by default). */
const game = (start: string, minutes = 120) => {
  const at = new Date(start);
  return [at, new Date(at.getTime() + minutes * MINUTE)] as const;
};

describe("daylight at a court", () => {
  // Published sunsets for downtown Los Angeles (NOAA's calculator, timeanddate.com):
  // 4:44 PM on 28 November, 4:47 PM on 21 December, 8:07–8:08 PM on 21 June 2026.
  it.each([
    ["2026-11-28T15:00:00-08:00", "4:44 PM PT"],
    ["2026-12-21T10:00:00-08:00", "4:47 PM PT"],
    ["2026-06-21T18:00:00-07:00", "8:07 PM PT"],
  ])("a game on %s: light until %s", (start, sunset) => {
    const daylight = daylightAt(LA, ...game(start));
    expect(daylight.sunset).not.toBeNull();
    expect(formatClockTime(daylight.sunset as Date, LA.timeZone)).toBe(sunset);
  });

  it("names the sunset of the court's day even for a game late in the evening (the next UTC day)", () => {
    // 10 PM PST on 28 November is 06:00 UTC on the 29th.
    const daylight = daylightAt(LA, ...game("2026-11-28T22:00:00-08:00"));
    expect(daylight.sunset?.toISOString().slice(0, 16)).toBe("2026-11-29T00:44");
    expect(daylight.endsAfterDark).toBe(true);
  });

  it("warns when the game ends after sunset, not when it ends before", () => {
    expect(daylightAt(LA, ...game("2026-11-28T15:00:00-08:00")).endsAfterDark).toBe(true);
    expect(daylightAt(LA, ...game("2026-11-28T14:00:00-08:00")).endsAfterDark).toBe(false);
    // Ends 4:40 PM, four minutes before sunset; five minutes more and it is after.
    expect(daylightAt(LA, ...game("2026-11-28T14:40:00-08:00", 120)).endsAfterDark).toBe(false);
    expect(daylightAt(LA, ...game("2026-11-28T14:40:00-08:00", 125)).endsAfterDark).toBe(true);
  });

  it("warns when the game starts before sunrise", () => {
    // Sunrise is about 6:55 AM on 21 December.
    expect(daylightAt(LA, ...game("2026-12-21T06:00:00-08:00")).endsAfterDark).toBe(true);
    expect(daylightAt(LA, ...game("2026-12-21T07:30:00-08:00")).endsAfterDark).toBe(false);
  });

  it("has no sunset in the polar night (dark) or the midnight sun (light)", () => {
    expect(daylightAt(SVALBARD, ...game("2026-12-21T12:00:00+01:00"))).toEqual({
      sunset: null,
      endsAfterDark: true,
    });
    expect(daylightAt(SVALBARD, ...game("2026-06-21T22:00:00+02:00"))).toEqual({
      sunset: null,
      endsAfterDark: false,
    });
  });
});
