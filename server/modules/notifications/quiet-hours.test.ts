import { describe, expect, it } from "vitest";
import {
  atWallClock,
  isQuietHours,
  quietHoursDecision,
  quietHoursEnd,
  wallClock,
} from "./quiet-hours.ts";

const LA = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);
const hhmm = (date: Date, zone: string) => {
  const w = wallClock(date, zone);
  return `${w.month}/${w.day} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
};

describe("quiet hours", () => {
  it("are 22:00 to 08:00 on the player's own clock", () => {
    // 05:30 UTC is 22:30 in Los Angeles (PDT) and 07:30 in Berlin (CEST).
    expect(isQuietHours(at("2026-06-10T05:30:00Z"), LA)).toBe(true);
    expect(isQuietHours(at("2026-06-10T05:30:00Z"), "Europe/Berlin")).toBe(true);
    expect(isQuietHours(at("2026-06-10T06:30:00Z"), "Europe/Berlin")).toBe(false);
    expect(isQuietHours(at("2026-06-10T04:59:00Z"), LA)).toBe(false);
  });

  it("end at 08:00 the same or the next morning, across a change of clocks", () => {
    expect(hhmm(quietHoursEnd(at("2026-06-10T05:30:00Z"), LA), LA)).toBe("6/10 08:00");
    expect(hhmm(quietHoursEnd(at("2026-06-10T12:00:00Z"), LA), LA)).toBe("6/10 08:00");
    // The night the clocks go back (1 November 2026 in the US) is an hour longer.
    const end = quietHoursEnd(at("2026-11-01T06:00:00Z"), LA);
    expect(hhmm(end, LA)).toBe("11/1 08:00");
    expect(end.toISOString()).toBe("2026-11-01T16:00:00.000Z");
  });

  it("turn a wall clock time into the right instant in summer and winter", () => {
    const wall = { year: 2026, month: 1, day: 15, hour: 8, minute: 0 };
    expect(atWallClock(LA, wall).toISOString()).toBe("2026-01-15T16:00:00.000Z");
    expect(atWallClock(LA, { ...wall, month: 7 }).toISOString()).toBe("2026-07-15T15:00:00.000Z");
  });
});

describe("quietHoursDecision", () => {
  const night = at("2026-06-10T06:00:00Z"); // 23:00 in Los Angeles
  it("sends by day", () => {
    expect(quietHoursDecision(at("2026-06-10T20:00:00Z"), LA, null)).toEqual({ action: "send" });
  });
  it("waits for the morning at night", () => {
    expect(quietHoursDecision(night, LA, null)).toEqual({
      action: "wait",
      until: at("2026-06-10T15:00:00Z"),
    });
  });
  it("drops e-mail and push when the morning comes too late", () => {
    expect(quietHoursDecision(night, LA, at("2026-06-10T13:00:00Z"))).toEqual({ action: "drop" });
  });
});
