import { describe, expect, it } from "vitest";
import { decisionTime, goNoGoLine } from "./go-no-go-text.ts";

const LA = "America/Los_Angeles";
// 6:30 PM PT on Saturday, November 28, 2026.
const START = "2026-11-29T02:30:00.000Z";

const game = (currentPlayers: number, goNoGo: Parameters<typeof goNoGoLine>[0]["goNoGo"]) => ({
  status: "open",
  scheduledAt: START,
  currentPlayers,
  court: { timeZone: LA },
  goNoGo,
});
const undecided = {
  minPlayers: 8,
  decideBeforeMinutes: 180,
  decideAt: "2026-11-28T23:30:00.000Z", // 3:30 PM PT
  playAnyway: false,
  decision: null,
};

describe("go/no-go texts", () => {
  it("names the decision time alone on the game's day, with the day otherwise", () => {
    expect(decisionTime("2026-11-28T23:30:00.000Z", START, LA)).toBe("3:30 PM PT");
    expect(decisionTime("2026-11-28T02:30:00.000Z", START, LA)).toBe("Fri, Nov 27, 6:30 PM PT");
  });

  it("says how many more are needed by when, then the decision", () => {
    expect(goNoGoLine(game(5, undecided))).toBe("Needs 3 more by 3:30 PM PT");
    expect(goNoGoLine(game(8, undecided))).toBe("Minimum reached · decided at 3:30 PM PT");
    expect(goNoGoLine(game(5, { ...undecided, playAnyway: true }))).toBe(
      "Playing anyway · 3 short of 8",
    );
    expect(goNoGoLine(game(8, { ...undecided, decision: "on" }))).toBe("Game on");
    expect(goNoGoLine({ ...game(5, { ...undecided, decision: "off" }), status: "cancelled" })).toBe(
      "Called off: 5 of 8 players by 3:30 PM PT",
    );
    expect(goNoGoLine(game(5, null))).toBeNull();
    expect(goNoGoLine({ ...game(5, undecided), status: "cancelled" })).toBeNull();
  });
});
