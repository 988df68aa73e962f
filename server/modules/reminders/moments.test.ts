import { describe, expect, it } from "vitest";
import { atWallClock, wallClock } from "../notifications/quiet-hours.ts";
import { reminderMoment } from "./moments.ts";

const LA = "America/Los_Angeles";
const hhmm = (date: Date, zone: string) => {
  const w = wallClock(date, zone);
  return `${w.month}/${w.day} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
};
const june = (day: number, hour: number, minute = 0) =>
  atWallClock(LA, { year: 2026, month: 6, day, hour, minute });

describe("the two-hours reminder", () => {
  it("is two hours before a daytime game", () => {
    expect(hhmm(reminderMoment(june(10, 18, 30), LA, 2), LA)).toBe("6/10 16:30");
  });

  it("moves to 08:00 for a game whose two hours before are in the night, if that leaves time", () => {
    expect(hhmm(reminderMoment(june(10, 9), LA, 2), LA)).toBe("6/10 08:00");
  });

  it("comes the evening before for an early game", () => {
    expect(hhmm(reminderMoment(june(10, 7), LA, 2), LA)).toBe("6/9 21:30");
    expect(hhmm(reminderMoment(june(10, 23, 30), LA, 2), LA)).toBe("6/10 21:30");
  });
});

describe("the day-before reminder", () => {
  it("is 24 hours before a daytime game", () => {
    expect(hhmm(reminderMoment(june(10, 18, 30), LA, 24), LA)).toBe("6/9 18:30");
  });

  it("waits for 08:00 when a day before is in the night, well before the two-hours one", () => {
    const late = june(10, 23, 30);
    expect(hhmm(reminderMoment(late, LA, 24), LA)).toBe("6/10 08:00");
    const early = june(10, 7);
    expect(hhmm(reminderMoment(early, LA, 24), LA)).toBe("6/9 08:00");
    expect(reminderMoment(early, LA, 24).getTime()).toBeLessThan(
      reminderMoment(early, LA, 2).getTime(),
    );
  });

  it("is 24 real hours before across the March change: an hour earlier on the clock", () => {
    // Sunday 8 March 2026, 6:30 PM PDT; the clocks went forward at 2:00 that morning.
    const start = atWallClock(LA, { year: 2026, month: 3, day: 8, hour: 18, minute: 30 });
    expect(hhmm(reminderMoment(start, LA, 24), LA)).toBe("3/7 17:30");
  });
});
