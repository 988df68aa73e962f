import { describe, expect, it } from "vitest";
import {
  chanceAtLeast,
  chanceLabel,
  expectedTurnout,
  PRIOR_MISSES,
  PRIOR_SHOWS,
  showProbability,
} from "./show-chance.ts";

/** P(at least n) by listing every outcome: the DP's oracle for small games. */
function bruteForce(ps: number[], n: number): number {
  let total = 0;
  for (let mask = 0; mask < 1 << ps.length; mask++) {
    let p = 1;
    let shows = 0;
    ps.forEach((q, i) => {
      const shown = (mask >> i) & 1;
      shows += shown;
      p *= shown ? q : 1 - q;
    });
    if (shows >= n) total += p;
  }
  return total;
}

/** A small seeded generator (mulberry32): the same season every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("showProbability", () => {
  it("is the prior's mean for a newcomer and moves with the record", () => {
    expect(showProbability(null)).toBeCloseTo(PRIOR_SHOWS / (PRIOR_SHOWS + PRIOR_MISSES));
    expect(showProbability({ present: 18, expected: 19, lateDrops: 0 })).toBeCloseTo(22 / 24);
    expect(showProbability({ present: 0, expected: 10, lateDrops: 0 })).toBeCloseTo(4 / 15);
  });

  it("counts a late drop as a miss", () => {
    const clean = showProbability({ present: 5, expected: 5, lateDrops: 0 });
    const dropped = showProbability({ present: 5, expected: 5, lateDrops: 2 });
    expect(dropped).toBeCloseTo(9 / 12);
    expect(dropped).toBeLessThan(clean);
  });
});

describe("chanceAtLeast", () => {
  it("agrees with listing every outcome", () => {
    const next = random(7);
    for (let round = 0; round < 50; round++) {
      const ps = Array.from({ length: 1 + Math.floor(next() * 10) }, next);
      for (let n = 0; n <= ps.length + 1; n++) {
        expect(chanceAtLeast(ps, n)).toBeCloseTo(bruteForce(ps, n), 12);
      }
    }
  });

  it("is certain for nobody, impossible beyond the seated, and the product for all", () => {
    expect(chanceAtLeast([0.5, 0.5], 0)).toBe(1);
    expect(chanceAtLeast([0.9, 0.9], 3)).toBe(0);
    expect(chanceAtLeast([0.9, 0.8, 0.5], 3)).toBeCloseTo(0.36, 12);
    expect(chanceAtLeast([], 1)).toBe(0);
  });

  it("handles a full 30-player game quickly and within [0, 1]", () => {
    const ps = Array.from({ length: 30 }, (_, i) => 0.5 + i / 70);
    const chance = chanceAtLeast(ps, 25);
    expect(chance).toBeGreaterThan(0);
    expect(chance).toBeLessThan(1);
    expect(expectedTurnout(ps)).toBeCloseTo(ps.reduce((a, b) => a + b));
  });
});

describe("chanceLabel", () => {
  it("says how likely in words and percent", () => {
    expect(chanceLabel(0.87, "on")).toBe("Likely on · 87%");
    expect(chanceLabel(0.9, "full")).toBe("Likely full · 90%");
    expect(chanceLabel(0.55, "full")).toBe("Maybe full · 55%");
    expect(chanceLabel(0.12, "on")).toBe("Unlikely on · 12%");
  });
});

describe("a simulated season", () => {
  /**
   * Players with true show rates drawn from the prior's Beta(4, 1) (U^(1/4)), each with a history
   * of 0–20 games; then games of ten seated players needing eight. The predicted chance of eight
   * showing is compared, bucket by bucket, with how often eight did show.
   */
  function season(seed: number) {
    const next = random(seed);
    const players = Array.from({ length: 500 }, () => {
      const rate = next() ** (1 / PRIOR_SHOWS);
      const expected = Math.floor(next() * 21);
      let present = 0;
      for (let g = 0; g < expected; g++) if (next() < rate) present++;
      return { rate, record: { present, expected, lateDrops: 0 } };
    });
    const games: { predicted: number; happened: boolean }[] = [];
    for (let g = 0; g < 6000; g++) {
      const seated = Array.from({ length: 10 }, () => players[Math.floor(next() * players.length)]);
      const predicted = chanceAtLeast(
        seated.map((p) => showProbability(p?.record ?? null)),
        8,
      );
      const shows = seated.filter((p) => next() < (p?.rate ?? 0)).length;
      games.push({ predicted, happened: shows >= 8 });
    }
    return games;
  }

  it("is calibrated: in every well-filled tenth, predicted and observed differ by under 5 points", () => {
    const games = season(2026);
    const buckets = Array.from({ length: 10 }, () => ({ predicted: 0, happened: 0, n: 0 }));
    for (const g of games) {
      const b = buckets[Math.min(9, Math.floor(g.predicted * 10))];
      if (!b) continue;
      b.predicted += g.predicted;
      b.happened += g.happened ? 1 : 0;
      b.n += 1;
    }
    const filled = buckets.filter((b) => b.n >= 200);
    expect(filled.length).toBeGreaterThanOrEqual(4);
    for (const b of filled) {
      expect(Math.abs(b.predicted / b.n - b.happened / b.n)).toBeLessThan(0.05);
    }
  });

  it("beats ignoring the records (a lower Brier score than everyone at the prior)", () => {
    const games = season(99);
    const brier = (p: (g: (typeof games)[number]) => number) =>
      games.reduce((s, g) => s + (p(g) - (g.happened ? 1 : 0)) ** 2, 0) / games.length;
    const flat = chanceAtLeast(Array(10).fill(showProbability(null)), 8);
    expect(brier((g) => g.predicted)).toBeLessThan(brier(() => flat) - 0.01);
  });
});
