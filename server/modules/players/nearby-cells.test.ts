import { describe, expect, it } from "vitest";
import { distanceBetween, type LatLng } from "../../../common/geo.ts";
import { NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "../../../common/players.ts";
import { type Findable, groupPlayers, nearestInCell, type Skills } from "./nearby-cells.ts";

// Seeded, so a failure repeats.
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

function crowd(count: number, around: LatLng, spread: number, random: () => number): Findable[] {
  const skill = () => 1 + Math.floor(random() * 5);
  return Array.from({ length: count }, (_, i) => ({
    id: `p${String(i).padStart(5, "0")}`,
    firstName: null,
    profileImageUrl: null,
    city: null,
    state: null,
    nickname: `p${i}`,
    primaryPosition: "Center",
    isAvailable: random() < 0.6,
    area: null,
    // Some share a spot exactly: their distances tie and the id decides.
    latitude: i % 17 === 0 ? around.latitude : around.latitude + (random() - 0.5) * spread,
    longitude: i % 17 === 0 ? around.longitude : around.longitude + (random() - 0.5) * spread,
    // Many alike, as a crowd of average players is.
    skills: (random() < 0.5
      ? [3, 3, 3, 3, 3]
      : [skill(), skill(), skill(), skill(), skill()]) as Skills,
  }));
}

/** The definition: every player in the circle but the caller, sorted whole. */
function everyDistance(players: Findable[], callerId: string, here: LatLng, skills: Skills) {
  return players
    .filter((p) => p.id !== callerId)
    .map((p) => ({
      id: p.id,
      available: p.isAvailable,
      gap: p.skills.reduce((sum, s, i) => sum + Math.abs(s - (skills[i] as number)), 0),
      miles: distanceBetween(here, p),
    }))
    .filter((p) => p.miles <= NEARBY_RADIUS_MILES)
    .sort(
      (a, b) =>
        Number(b.available) - Number(a.available) ||
        a.gap - b.gap ||
        a.miles - b.miles ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, NEARBY_LIMIT)
    .map((p) => p.id);
}

describe("nearest players in a cell", () => {
  it("equals sorting every player in the circle, in crowds and in sparse places", () => {
    const random = randomFrom(11);
    const cases = [
      { count: 4_000, spread: 1.2 }, // a metro area: thousands alike
      { count: 300, spread: 2 }, // a town: levels run out, the page mixes many
      { count: 30, spread: 1.5 }, // fewer than a page in the circle
    ];
    for (const { count, spread } of cases) {
      const here = { latitude: 34.05, longitude: -118.25 };
      const players = crowd(count, here, spread, random);
      const cell = groupPlayers(players);
      for (let n = 0; n < 12; n++) {
        const caller = players[Math.floor(random() * players.length)] as Findable;
        const at = n % 3 === 0 ? here : { latitude: caller.latitude, longitude: caller.longitude };
        const skills = (n % 2 === 0 ? [3, 3, 3, 3, 3] : caller.skills) as Skills;
        const ids = nearestInCell(cell, caller.id, at, skills).map((m) => m.player.id);
        expect(ids, `${count} players, caller ${n}`).toEqual(
          everyDistance(players, caller.id, at, skills),
        );
      }
    }
  });
});
