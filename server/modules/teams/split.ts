import { LEVEL_WIDTH } from "../../../common/levels.ts";
import {
  TEAMS_MAX_PLAYERS,
  TEAMS_MIN_PLAYERS,
  TEAMS_PLAYER_TWICE,
  TEAMS_TOO_FEW,
  TEAMS_TOO_MANY,
  type TeamName,
  TWO_TEAMS_MAX_PLAYERS,
} from "../../../common/teams.ts";
import { badRequest, conflict } from "../../lib/http-error.ts";

/**
 * The best split of a game's players into teams (decision 111): every split is tried, and the
 * cheapest wins. A split costs, in points of win chance as the page shows them (whole percent):
 * - the gap between teams A and B (51%–49% costs 2);
 * - with a waiting team, a quarter of its gap to an equal number of the players on court;
 * - POSITION_POINTS for each player who would have to change sides to spread the guards, and
 *   each for the bigs, between A and B;
 * - PAIR_POINTS for each keep-together pair split up.
 * Equal costs go to the split that moves the fewest players from their current teams, so a late
 * arrival or a drop moves few people; then to the first split tried (players in id order), so
 * the same seats always give the same teams.
 */

export type SplitPlayer = { id: string; mu: number; sigma: number; position: string | null };

export type SplitInput = {
  players: readonly SplitPlayer[];
  /** Where players are now; a player missing here counts as moved wherever they go. */
  current?: ReadonlyMap<string, TeamName>;
  /** Players who asked to play together; pairs naming someone not in `players` are ignored. */
  pairs?: readonly (readonly [string, string])[];
};

export type Split = {
  teams: Record<TeamName, string[]>;
  /** Team A's and team B's chance to win in whole percent (they add to 100). */
  chances: [number, number];
  cost: number;
  /** Players placed on another team than their current one (or with none before). */
  moved: number;
  pairsSplit: number;
  /** Splits the search looked at, costed or ruled out by a bound (10 players: 126). */
  considered: number;
};

export const POSITION_POINTS = 4;
export const PAIR_POINTS = 10;
export const WAITING_WEIGHT = 0.25;

const GUARDS = new Set(["Point Guard", "Shooting Guard"]);
const BIGS = new Set(["Power Forward", "Center"]);
const BETA_SQ = LEVEL_WIDTH ** 2;

/**
 * Φ, the standard normal distribution, through erfc's Chebyshev fit (Numerical Recipes, error
 * below 1.2e-7): OpenSkill's own goes through a generic path per call, too slow for 378,378 splits.
 */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * The first team's chance to beat the second, as OpenSkill's predictWin gives it for two teams
 * (the model's β of one level): Φ(Δ Σμ / √(2β² + Σσ²)), from the teams' sums.
 */
export function chanceFromSums(muA: number, sigmaSqA: number, muB: number, sigmaSqB: number) {
  return phi((muA - muB) / Math.sqrt(2 * BETA_SQ + sigmaSqA + sigmaSqB));
}

/** The first team's chance to beat the second (0–1). */
export function teamChance(
  a: readonly { mu: number; sigma: number }[],
  b: readonly { mu: number; sigma: number }[],
): number {
  const sums = (team: readonly { mu: number; sigma: number }[]) =>
    team.reduce((s, p) => ({ mu: s.mu + p.mu, sq: s.sq + p.sigma ** 2 }), { mu: 0, sq: 0 });
  const [x, y] = [sums(a), sums(b)];
  return chanceFromSums(x.mu, x.sq, y.mu, y.sq);
}

/** A chance as the page shows it: whole percent. */
export const shownPercent = (chance: number) => Math.round(chance * 100);

/** The gap between two teams in shown points: 51%–49% is 2. */
const shownGap = (chance: number) => Math.abs(2 * shownPercent(chance) - 100);

/**
 * gapLimit[k]: the largest |x| whose shown gap Φ(x) is at most 2k points, a hair over (found by
 * bisection on phi itself, so the pruning it allows never drops a split that would count).
 */
const gapLimit = Array.from({ length: 50 }, (_, k) => {
  let [low, high] = [0, 10];
  for (let step = 0; step < 80; step++) {
    const middle = (low + high) / 2;
    if (shownGap(phi(middle)) > 2 * k) high = middle;
    else low = middle;
  }
  return high * (1 + 1e-9);
});

const byId = (a: SplitPlayer, b: SplitPlayer) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** The next larger number with as many bits set (Gosper's hack). */
function nextCombination(x: number): number {
  const low = x & -x;
  const ripple = x + low;
  return (((ripple ^ x) >>> 2) / low) | ripple;
}

export function bestSplit(input: SplitInput): Split {
  const n = input.players.length;
  if (n > TEAMS_MAX_PLAYERS) throw badRequest(TEAMS_TOO_MANY);
  if (new Set(input.players.map((p) => p.id)).size !== n) throw badRequest(TEAMS_PLAYER_TWICE);
  if (n < TEAMS_MIN_PLAYERS) throw conflict(TEAMS_TOO_FEW);
  const players = [...input.players].sort(byId);
  const index = new Map(players.map((p, i) => [p.id, i]));

  // Each mask of players gets its sums once; a split then costs a few lookups.
  const size = 1 << n;
  const mu = new Float64Array(size);
  const sigmaSq = new Float64Array(size);
  const guards = new Uint8Array(size);
  const bigs = new Uint8Array(size);
  const count = new Uint8Array(size);
  const pairsInside = new Uint8Array(size);
  const partners = new Uint32Array(n);
  const pairs = new Set<string>();
  for (const [x, y] of input.pairs ?? []) {
    const i = index.get(x);
    const j = index.get(y);
    if (i === undefined || j === undefined || i === j) continue;
    const key = i < j ? `${i}:${j}` : `${j}:${i}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    partners[i] = (partners[i] as number) | (1 << j);
    partners[j] = (partners[j] as number) | (1 << i);
  }
  const playerMu = Float64Array.from(players, (p) => p.mu);
  const playerSigmaSq = Float64Array.from(players, (p) => p.sigma * p.sigma);
  const isGuard = Uint8Array.from(players, (p) => (GUARDS.has(p.position ?? "") ? 1 : 0));
  const isBig = Uint8Array.from(players, (p) => (BIGS.has(p.position ?? "") ? 1 : 0));
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const i = 31 - Math.clz32(low);
    const rest = mask ^ low;
    mu[mask] = (mu[rest] as number) + (playerMu[i] as number);
    sigmaSq[mask] = (sigmaSq[rest] as number) + (playerSigmaSq[i] as number);
    guards[mask] = (guards[rest] as number) + (isGuard[i] as number);
    bigs[mask] = (bigs[rest] as number) + (isBig[i] as number);
    count[mask] = (count[rest] as number) + 1;
    pairsInside[mask] =
      (pairsInside[rest] as number) + (count[(partners[i] as number) & rest] as number);
  }
  const currentMask = { A: 0, B: 0, C: 0 };
  for (const [id, team] of input.current ?? []) {
    const i = index.get(id);
    if (i !== undefined) currentMask[team] |= 1 << i;
  }

  const all = size - 1;
  const waiting = Math.max(0, n - TWO_TEAMS_MAX_PLAYERS);
  let best = { a: 0, b: 0, c: 0, cost: Number.POSITIVE_INFINITY, moved: n, chance: 0.5 };
  let considered = 0;

  const m = n - waiting;
  // At least four play, so each side picks at least one besides its first player.
  const sideSizes = m % 2 === 0 ? [m / 2] : [Math.ceil(m / 2), Math.floor(m / 2)];
  const splitsPerWaitingTeam = sideSizes.reduce((sum, side) => sum + choose(m - 1, side - 1), 0);

  // The waiting team: every choice of its players (none up to ten players).
  for (let c = waiting === 0 ? 0 : (1 << waiting) - 1; c <= all; c = nextCombination(c)) {
    const playing = all & ~c;
    let waitingBase = 0;
    if (c !== 0) {
      // The waiting team against as many average players of those on court.
      const share = (count[c] as number) / (n - waiting);
      const chance = chanceFromSums(
        mu[c] as number,
        sigmaSq[c] as number,
        (mu[playing] as number) * share,
        (sigmaSq[playing] as number) * share,
      );
      waitingBase = WAITING_WEIGHT * shownGap(chance);
    }
    // What every split with this waiting team costs at least: its own gap and the pairs it
    // cuts. Above the best so far, none of its splits can win (or tie), so none is costed.
    const crossing = pairs.size - (pairsInside[c] as number) - (pairsInside[playing] as number);
    if (waitingBase + PAIR_POINTS * crossing > best.cost) {
      considered += splitsPerWaitingTeam;
      continue;
    }
    // Playing players in order: the first is always on the first side, so a split and its
    // mirror image are one split; the others are picked by a local mask over the rest.
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (playing & (1 << i)) order.push(i);
    const first = 1 << (order[0] as number);
    const rest = order.slice(1);
    const globalLow = new Uint32Array(128);
    const globalHigh = new Uint32Array(128);
    for (let local = 1; local < 128; local++) {
      const bit = 31 - Math.clz32(local & -local);
      const without = local & (local - 1);
      const low = rest[bit];
      const high = rest[bit + 7];
      globalLow[local] = (globalLow[without] as number) | (low === undefined ? 0 : 1 << low);
      globalHigh[local] = (globalHigh[without] as number) | (high === undefined ? 0 : 1 << high);
    }
    const muPlaying = mu[playing] as number;
    const spread = Math.sqrt(2 * BETA_SQ + (sigmaSq[playing] as number));
    for (const sideSize of sideSizes) {
      const picks = sideSize - 1;
      const localAll = (1 << rest.length) - 1;
      for (let local = (1 << picks) - 1; local <= localAll; local = nextCombination(local)) {
        considered++;
        const x = first | (globalLow[local & 127] as number) | (globalHigh[local >>> 7] as number);
        const y = playing & ~x;
        const piled =
          Math.floor(Math.abs((guards[x] as number) - (guards[y] as number)) / 2) +
          Math.floor(Math.abs((bigs[x] as number) - (bigs[y] as number)) / 2);
        const split =
          pairs.size -
          (pairsInside[x] as number) -
          (pairsInside[y] as number) -
          (pairsInside[c] as number);
        const fixed = waitingBase + POSITION_POINTS * piled + PAIR_POINTS * split;
        const budget = best.cost - fixed;
        if (budget < 0) continue;
        // Both sides' σ² add up to the same for every split of these players, so the gap grows
        // with |Δμ| alone: a split whose |Δμ| is past the budget's limit is out without Φ.
        const delta = 2 * (mu[x] as number) - muPlaying;
        const within = budget >= 100 ? Number.POSITIVE_INFINITY : (gapLimit[budget >> 1] as number);
        if (Math.abs(delta) > within * spread) continue;
        const chance = phi(delta / spread);
        const cost = shownGap(chance) + fixed;
        if (cost > best.cost) continue;
        const stay = count[c & currentMask.C] as number;
        const movedXY =
          n - stay - (count[x & currentMask.A] as number) - (count[y & currentMask.B] as number);
        const movedYX =
          n - stay - (count[y & currentMask.A] as number) - (count[x & currentMask.B] as number);
        const moved = Math.min(movedXY, movedYX);
        if (cost === best.cost && moved >= best.moved) continue;
        best =
          movedYX < movedXY
            ? { a: y, b: x, c, cost, moved, chance: 1 - chance }
            : { a: x, b: y, c, cost, moved, chance };
      }
    }
    if (waiting === 0) break;
  }

  const members = (mask: number) => players.filter((_, i) => mask & (1 << i)).map((p) => p.id);
  const pairsSplit =
    pairs.size -
    (pairsInside[best.a] as number) -
    (pairsInside[best.b] as number) -
    (pairsInside[best.c] as number);
  const a = shownPercent(best.chance);
  return {
    teams: { A: members(best.a), B: members(best.b), C: members(best.c) },
    chances: [a, 100 - a],
    cost: best.cost,
    moved: best.moved,
    pairsSplit,
    considered,
  };
}
