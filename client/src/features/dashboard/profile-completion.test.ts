import { describe, expect, it } from "vitest";
import { testProfile } from "@/test-support/render-profile-feature.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { completionPercent, journeySteps } from "./profile-completion.ts";

describe("the journey checklist", () => {
  it("moves a fifth with each step the player takes, up to 100% for an all-3s player", () => {
    const honest = testProfile({
      skillHandles: 3,
      skillShot: 3,
      skillIq: 3,
      skillVert: 3,
      skillDefense: 3,
      isAvailable: false,
    });
    const walk = [
      journeySteps(testUser(), {}),
      journeySteps(testUser({ city: "Los Angeles" }), {}),
      journeySteps(testUser({ city: "Los Angeles", hasProfile: true, profile: honest }), {}),
      journeySteps(
        testUser({
          city: "Los Angeles",
          hasProfile: true,
          profile: { ...honest, isAvailable: true },
        }),
        {},
      ),
      journeySteps(
        testUser({
          city: "Los Angeles",
          hasProfile: true,
          profile: { ...honest, isAvailable: true },
        }),
        { courtsVisited: 1, gamesPlayed: 0, gamesHeld: 0 },
      ),
      journeySteps(
        testUser({
          city: "Los Angeles",
          hasProfile: true,
          profile: { ...honest, isAvailable: true },
        }),
        { courtsVisited: 1, gamesPlayed: 0, gamesHeld: 1 },
      ),
    ];
    expect(walk.map(completionPercent)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("counts a game played as a first game even with no seat held now", () => {
    const steps = journeySteps(testUser(), { gamesPlayed: 2, gamesHeld: 0 });
    expect(steps.find((s) => s.label === "Join or create a game")?.done).toBe(true);
  });
});
