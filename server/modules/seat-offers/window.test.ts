import { describe, expect, it } from "vitest";
import { offerWindowMinutes } from "../../../common/seat-offers.ts";
import { offerLapsesAt } from "./window.ts";

const HOUR = 3_600_000;
const MIN = 60_000;
const LA = "America/Los_Angeles";
const NY = "America/New_York";
// Saturday 28 November 2026, noon in Los Angeles (PST, UTC−8).
const NOON_PT = new Date("2026-11-28T20:00:00Z");

describe("offer windows (issue 32 point 4)", () => {
  it("2 h when more than 16 h away, 30 min from 1 h to 16 h, 10 min under an hour", () => {
    expect(offerWindowMinutes(24 * HOUR)).toBe(120);
    expect(offerWindowMinutes(16 * HOUR + 1)).toBe(120);
    expect(offerWindowMinutes(16 * HOUR)).toBe(30);
    expect(offerWindowMinutes(HOUR)).toBe(30);
    expect(offerWindowMinutes(HOUR - 1)).toBe(10);
    expect(offerWindowMinutes(5 * MIN)).toBe(10);
  });

  it("in the day the window runs from the offer, never past the start", () => {
    const at = (ms: number) => offerLapsesAt(NOON_PT, new Date(NOON_PT.getTime() + ms), LA);
    expect(at(20 * HOUR)).toEqual(new Date(NOON_PT.getTime() + 120 * MIN));
    expect(at(16 * HOUR)).toEqual(new Date(NOON_PT.getTime() + 30 * MIN));
    expect(at(HOUR)).toEqual(new Date(NOON_PT.getTime() + 30 * MIN));
    expect(at(40 * MIN)).toEqual(new Date(NOON_PT.getTime() + 10 * MIN));
    expect(at(5 * MIN)).toEqual(new Date(NOON_PT.getTime() + 5 * MIN));
  });

  it("made in the player's night it holds until 08:30 their time (the evening before or after midnight)", () => {
    const lateEvening = new Date("2026-11-28T07:00:00Z"); // 11:00 PM PT on the 27th
    const start = new Date(lateEvening.getTime() + 12 * HOUR); // 11:00 AM PT
    expect(offerLapsesAt(lateEvening, start, LA)).toEqual(new Date("2026-11-28T16:30:00Z"));
    const smallHours = new Date("2026-11-28T13:00:00Z"); // 5:00 AM PT
    expect(offerLapsesAt(smallHours, start, LA)).toEqual(new Date("2026-11-28T16:30:00Z"));
    // 7:59 AM is still night; 8:00 AM is day again (30 minutes from the offer).
    const before8 = new Date("2026-11-28T15:59:00Z");
    expect(offerLapsesAt(before8, start, LA)).toEqual(new Date("2026-11-28T16:30:00Z"));
    const at8 = new Date("2026-11-28T16:00:00Z");
    expect(offerLapsesAt(at8, start, LA)).toEqual(new Date("2026-11-28T16:30:00Z"));
    const at10pm = new Date("2026-11-28T06:00:00Z"); // 10:00 PM PT: night starts
    expect(offerLapsesAt(at10pm, start, LA)).toEqual(new Date("2026-11-28T16:30:00Z"));
    const at9pm = new Date("2026-11-28T05:00:00Z"); // 9:00 PM PT: a 30-minute window
    expect(offerLapsesAt(at9pm, new Date(at9pm.getTime() + 3 * HOUR), LA)).toEqual(
      new Date(at9pm.getTime() + 30 * MIN),
    );
  });

  it("the night rule never holds past the start, and follows the player's own zone", () => {
    const lateEvening = new Date("2026-11-28T07:00:00Z"); // 11:00 PM PT
    const earlyGame = new Date("2026-11-28T14:00:00Z"); // 6:00 AM PT
    expect(offerLapsesAt(lateEvening, earlyGame, LA)).toEqual(earlyGame);
    // 8:00 PM in Los Angeles is 11:00 PM in New York: the New Yorker's night.
    const evening = new Date("2026-11-28T04:00:00Z");
    const start = new Date(evening.getTime() + 18 * HOUR);
    expect(offerLapsesAt(evening, start, LA)).toEqual(new Date(evening.getTime() + 120 * MIN));
    expect(offerLapsesAt(evening, start, NY)).toEqual(new Date("2026-11-28T13:30:00Z"));
  });
});
