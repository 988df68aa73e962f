import { muOfLevel } from "@common/levels.ts";
import type { NearbyPlayer } from "@common/players.ts";

export function testPlayer(overrides: Partial<NearbyPlayer> = {}): NearbyPlayer {
  return {
    id: "p1",
    firstName: "Marcus",
    nickname: "Splash",
    primaryPosition: "Shooting Guard",
    profileImageUrl: null,
    isAvailable: true,
    location: "Venice Beach",
    distanceMiles: 1.4,
    skillAverage: 3.8,
    skillGap: 2,
    skillMatch: 90,
    // No result yet: where the self-rating (3.8) starts them, as unsure as the model starts.
    rating: { mu: muOfLevel(3.8), sigma: 3, games: 0 },
    reliability: { userId: "p1", expected: 0, present: 0, lateDrops: 0 },
    ...overrides,
  };
}
