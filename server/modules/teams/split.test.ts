import { describe, expect, it } from "vitest";
import { POSITIONS } from "../../../common/constants.ts";
import {
  TEAMS_PLAYER_TWICE,
  TEAMS_TOO_FEW,
  TEAMS_TOO_MANY,
  type TeamName,
} from "../../../common/teams.ts";
import { winChances } from "../levels/model.ts";
import {
  bestSplit,
  PAIR_POINTS,
  POSITION_POINTS,
  type SplitInput,
  type SplitPlayer,
  teamChance,
  WAITING_WEIGHT,
} from "./split.ts";

/** A seeded generator (mulberry32), so a failing case can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomPlayers(n: number, next: () => number): SplitPlayer[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(2, "0")}`,
    mu: 15 + next() * 20,
    sigma: 2 + next() * 6,
    position: POSITIONS[Math.floor(next() * POSITIONS.length)] as string,
  }));
}

const equalPlayer = (id: string, position: string | null = "Small Forward"): SplitPlayer => ({
  id,
  mu: 25,
  sigma: 25 / 3,
  position,
});

/** The cost of one assignment, written the slow, obvious way with OpenSkill's own prediction. */
function naiveCost(input: SplitInput, team: Map<string, TeamName>) {
  const on = (t: TeamName) => input.players.filter((p) => team.get(p.id) === t);
  const [a, b, c] = [on("A"), on("B"), on("C")];
  const shown = (chance: number) => Math.abs(2 * Math.round(chance * 100) - 100);
  let cost = shown(winChances([a, b])[0] as number);
  if (c.length > 0) {
    const playing = [...a, ...b];
    const share = c.length / playing.length;
    const average = {
      mu: playing.reduce((s, p) => s + p.mu, 0) * share,
      sigma: Math.sqrt(playing.reduce((s, p) => s + p.sigma ** 2, 0) * share),
    };
    cost += WAITING_WEIGHT * shown(winChances([c, [average]])[0] as number);
  }
  for (const kind of [
    ["Point Guard", "Shooting Guard"],
    ["Power Forward", "Center"],
  ]) {
    const inA = a.filter((p) => kind.includes(p.position ?? "")).length;
    const inB = b.filter((p) => kind.includes(p.position ?? "")).length;
    cost += POSITION_POINTS * Math.floor(Math.abs(inA - inB) / 2);
  }
  const seen = new Set<string>();
  for (const [x, y] of input.pairs ?? []) {
    const key = [x, y].sort().join("+");
    if (x === y || seen.has(key) || !team.has(x) || !team.has(y)) continue;
    seen.add(key);
    if (team.get(x) !== team.get(y)) cost += PAIR_POINTS;
  }
  const moved = input.players.filter((p) => input.current?.get(p.id) !== team.get(p.id)).length;
  return { cost, moved };
}

/** Every assignment of players to teams that keeps the size rules; the cheapest, then fewest moved. */
function naiveBest(input: SplitInput) {
  const n = input.players.length;
  const waiting = Math.max(0, n - 10);
  let best = { cost: Number.POSITIVE_INFINITY, moved: n };
  const names: TeamName[] = waiting > 0 ? ["A", "B", "C"] : ["A", "B"];
  const total = names.length ** n;
  for (let code = 0; code < total; code++) {
    const team = new Map<string, TeamName>();
    let rest = code;
    for (const p of input.players) {
      team.set(p.id, names[rest % names.length] as TeamName);
      rest = Math.floor(rest / names.length);
    }
    const sizes = names.map((t) => [...team.values()].filter((v) => v === t).length);
    const [a = 0, b = 0, c = 0] = sizes;
    if (waiting > 0 ? a !== 5 || b !== 5 || c !== waiting : Math.abs(a - b) > 1) continue;
    const found = naiveCost(input, team);
    if (found.cost < best.cost || (found.cost === best.cost && found.moved < best.moved)) {
      best = found;
    }
  }
  return best;
}

const assignment = (teams: Record<TeamName, string[]>) =>
  new Map(
    (Object.entries(teams) as [TeamName, string[]][]).flatMap(([t, ids]) =>
      ids.map((id) => [id, t] as const),
    ),
  );

describe("the chance of two teams", () => {
  it("is OpenSkill's predictWin for two teams, on random teams", () => {
    const next = random(33);
    for (let round = 0; round < 200; round++) {
      const a = randomPlayers(1 + Math.floor(next() * 7), next);
      const b = randomPlayers(1 + Math.floor(next() * 7), next);
      expect(Math.abs(teamChance(a, b) - (winChances([a, b])[0] as number))).toBeLessThan(1e-6);
    }
  });
});

describe("the best split", () => {
  it("is the cheapest a naive search over every assignment finds, with as few moved", () => {
    for (let seed = 1; seed <= 24; seed++) {
      const next = random(seed);
      const n = 4 + (seed % 6);
      const players = randomPlayers(n, next);
      const ids = players.map((p) => p.id);
      const pick = () => ids[Math.floor(next() * n)] as string;
      const input: SplitInput = {
        players,
        pairs: [
          [pick(), pick()],
          [pick(), pick()],
        ],
        // Half the players were on teams before (a rebalance).
        current: new Map(
          ids.slice(0, Math.ceil(n / 2)).map((id) => [id, next() < 0.5 ? "A" : "B"] as const),
        ),
      };
      const split = bestSplit(input);
      const naive = naiveBest(input);
      expect(split.cost).toBe(naive.cost);
      expect(split.moved).toBe(naive.moved);
      expect(naiveCost(input, assignment(split.teams))).toEqual(naive);
    }
  });

  it("with a waiting team (11 and 12 players), matches the naive search too", () => {
    for (const [seed, n] of [
      [101, 11],
      [102, 11],
      [103, 12],
    ] as const) {
      const next = random(seed);
      const players = randomPlayers(n, next);
      const input: SplitInput = {
        players,
        pairs: [[players[0]?.id ?? "", players[5]?.id ?? ""]],
        current: new Map(players.slice(0, 10).map((p, i) => [p.id, i % 2 ? "A" : "B"] as const)),
      };
      const split = bestSplit(input);
      const naive = naiveBest(input);
      expect(split.cost).toBe(naive.cost);
      expect(split.moved).toBe(naive.moved);
      expect(split.teams.A).toHaveLength(5);
      expect(split.teams.B).toHaveLength(5);
      expect(split.teams.C).toHaveLength(n - 10);
    }
  });

  it("considers 126 splits of 10 players (and of 9), 378,378 of 15 with a waiting team", () => {
    const next = random(7);
    expect(bestSplit({ players: randomPlayers(10, next) }).considered).toBe(126);
    expect(bestSplit({ players: randomPlayers(9, next) }).considered).toBe(126);
    expect(bestSplit({ players: randomPlayers(4, next) }).considered).toBe(3);
    expect(bestSplit({ players: randomPlayers(15, next) }).considered).toBe(3003 * 126);
  });

  it("puts everyone on exactly one team, sizes within one, two fives and the rest next", () => {
    const next = random(8);
    for (let n = 4; n <= 15; n++) {
      const players = randomPlayers(n, next);
      const { teams } = bestSplit({ players });
      const placed = [...teams.A, ...teams.B, ...teams.C];
      expect(placed.sort()).toEqual(players.map((p) => p.id).sort());
      if (n <= 10) {
        expect(Math.abs(teams.A.length - teams.B.length)).toBeLessThanOrEqual(1);
        expect(teams.C).toEqual([]);
      } else {
        expect([teams.A.length, teams.B.length, teams.C.length]).toEqual([5, 5, n - 10]);
      }
    }
  });

  it("ten players of different levels: chances within a few points", () => {
    const levels = [1, 1.5, 2, 2.5, 3, 3, 3.5, 4, 4.5, 5];
    const players = levels.map((level, i) => ({
      id: `p${i}`,
      mu: 25 + (level - 3) * (25 / 6),
      sigma: 25 / 3,
      position: null,
    }));
    const { chances } = bestSplit({ players });
    expect(Math.abs(chances[0] - chances[1])).toBeLessThanOrEqual(2);
    expect(chances[0] + chances[1]).toBe(100);
  });

  it("spreads guards and bigs when the levels allow", () => {
    const players = [
      ...["g1", "g2", "g3", "g4"].map((id) => equalPlayer(id, "Point Guard")),
      ...["b1", "b2", "b3", "b4"].map((id) => equalPlayer(id, "Center")),
      equalPlayer("f1"),
      equalPlayer("f2"),
    ];
    const { teams } = bestSplit({ players });
    for (const team of [teams.A, teams.B]) {
      expect(team.filter((id) => id.startsWith("g"))).toHaveLength(2);
      expect(team.filter((id) => id.startsWith("b"))).toHaveLength(2);
    }
  });

  it("keeps pairs together when it can, and splits as few as it must", () => {
    const players = ["a", "b", "c", "d", "e", "f", "g", "h"].map((id) => equalPlayer(id));
    const kept = bestSplit({
      players,
      pairs: [
        ["a", "h"],
        ["b", "g"],
        ["c", "f"],
      ],
    });
    expect(kept.pairsSplit).toBe(0);
    const on = assignment(kept.teams);
    expect(on.get("a")).toBe(on.get("h"));
    expect(on.get("b")).toBe(on.get("g"));
    expect(on.get("c")).toBe(on.get("f"));

    // Five friends in a chain cannot all fit on a team of four: one link gives.
    const chain = bestSplit({
      players,
      pairs: [
        ["a", "b"],
        ["b", "c"],
        ["c", "d"],
        ["d", "e"],
      ],
    });
    expect(chain.pairsSplit).toBe(1);
  });

  it("balance comes before a pair: the two best players asking to team up are split", () => {
    const players = [
      { id: "star1", mu: 40, sigma: 3, position: null },
      { id: "star2", mu: 40, sigma: 3, position: null },
      ...["a", "b", "c", "d"].map((id) => equalPlayer(id, null)),
    ];
    const split = bestSplit({ players, pairs: [["star1", "star2"]] });
    expect(split.pairsSplit).toBe(1);
    expect(Math.abs(split.chances[0] - split.chances[1])).toBeLessThanOrEqual(2);
  });

  it("is the same whatever order the players come in", () => {
    const next = random(9);
    const players = randomPlayers(12, next);
    const first = bestSplit({ players });
    const shuffled = [...players].sort(() => next() - 0.5);
    expect(bestSplit({ players: shuffled }).teams).toEqual(first.teams);
    expect(bestSplit({ players: [...players].reverse() }).teams).toEqual(first.teams);
  });

  it("a rebalance with the same players moves nobody; a late arrival moves only them", () => {
    const next = random(10);
    const players = randomPlayers(10, next);
    const made = bestSplit({ players });
    const again = bestSplit({ players, current: assignment(made.teams) });
    expect(again.teams).toEqual(made.teams);
    expect(again.moved).toBe(0);

    const equals = ["a", "b", "c", "d", "e", "f", "g", "h"].map((id) => equalPlayer(id));
    const eight = bestSplit({ players: equals });
    const nine = bestSplit({
      players: [...equals, equalPlayer("late")],
      current: assignment(eight.teams),
    });
    expect(nine.moved).toBe(1);
    for (const t of ["A", "B"] as const) {
      for (const id of eight.teams[t]) expect(nine.teams[t]).toContain(id);
    }
  });

  it("refuses more than 15 players (400), fewer than 4 (409), a player twice (400)", () => {
    const next = random(11);
    expect(() => bestSplit({ players: randomPlayers(16, next) })).toThrow(
      expect.objectContaining({ statusCode: 400, message: TEAMS_TOO_MANY }),
    );
    expect(() => bestSplit({ players: randomPlayers(3, next) })).toThrow(
      expect.objectContaining({ statusCode: 409, message: TEAMS_TOO_FEW }),
    );
    const [p, q, r] = randomPlayers(3, next) as [SplitPlayer, SplitPlayer, SplitPlayer];
    expect(() => bestSplit({ players: [p, q, r, p] })).toThrow(
      expect.objectContaining({ statusCode: 400, message: TEAMS_PLAYER_TWICE }),
    );
  });
});
