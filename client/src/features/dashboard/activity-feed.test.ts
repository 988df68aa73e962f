import { describe, expect, it } from "vitest";
import { testGame } from "@/test-support/test-games.ts";
import { ACTIVITY_SHOWN, activityFeed } from "./activity-feed.ts";

const result = { teamAScore: 21, teamBScore: 18, winningTeam: "A" as const, recordedAt: "" };

describe("activityFeed", () => {
  it("lists completed games and earned badges, newest first, and nothing else", () => {
    const feed = activityFeed(
      [
        testGame({ id: 1, title: "Old Run", status: "completed", endsAt: "2026-05-01T20:00:00Z" }),
        testGame({ id: 2, status: "open" }),
        testGame({ id: 3, status: "cancelled" }),
        testGame({
          id: 4,
          title: "Fresh Run",
          status: "completed",
          endsAt: "2026-05-03T20:00:00Z",
          result,
        }),
      ],
      [{ id: 9, badgeType: "hot_shooter", earnedAt: "2026-05-02T10:00:00Z" }],
    );
    expect(feed.map((a) => a.text)).toEqual([
      "Played Fresh Run",
      "Earned the Hot Shooter badge",
      "Played Old Run",
    ]);
    expect(feed[0]).toMatchObject({
      href: "/game/4",
      detail: "Venice Beach Courts · Team A 21 – 18 Team B",
    });
    expect(feed[2]?.detail).toBe("Venice Beach Courts");
  });

  it(`shows at most ${ACTIVITY_SHOWN}, and nothing before anything happened`, () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      testGame({ id: i, status: "completed", endsAt: `2026-05-0${i + 1}T20:00:00Z` }),
    );
    expect(activityFeed(many, [])).toHaveLength(ACTIVITY_SHOWN);
    expect(activityFeed(undefined, undefined)).toEqual([]);
  });
});
