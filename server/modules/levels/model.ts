import { predictWin, rate } from "openskill";
import { LEVEL_WIDTH, muOfLevel } from "../../../common/levels.ts";

/**
 * The rating model (decision 110): OpenSkill's Plackett–Luce model with its defaults, β one level
 * wide. Everything that rates or predicts goes through here, so a change of model is one file and
 * a recompute (recompute.ts).
 */
export type SkillRating = { mu: number; sigma: number };

const options = { beta: LEVEL_WIDTH };
/**
 * A new player's uncertainty: about as wide as a self-rating's error (simulated, about half a
 * level), not the model's default 25/3. From 25/3 the first results swing a level by whole
 * points and the shown levels drift away from the truth for 80 games (decision 110).
 */
export const SIGMA_START = 3;

/** Where a player with no results starts: the mean of their five self-rated skills (1–5). */
export function startingRating(skills: readonly number[] | null): SkillRating {
  const level = skills && skills.length > 0 ? skills.reduce((a, b) => a + b, 0) / skills.length : 3;
  return { mu: muOfLevel(level), sigma: SIGMA_START };
}

/** Both teams' ratings after a game `winner` won; upsets move ratings further than expected wins. */
export function rateGame(
  teamA: readonly SkillRating[],
  teamB: readonly SkillRating[],
  winner: "A" | "B",
): [SkillRating[], SkillRating[]] {
  const [a, b] = rate([teamA, teamB], { ...options, rank: winner === "A" ? [1, 2] : [2, 1] });
  return [a, b];
}

/** Each team's chance to win, in the order given (they add to 1). */
export function winChances(teams: readonly (readonly SkillRating[])[]): number[] {
  return predictWin(
    teams.map((t) => [...t]),
    options,
  );
}

/**
 * How far the peer ratings of one game move a player: their mean's distance from the middle of
 * the 1–5 scale, times this many levels (a 5 from everyone: a fifth of a level up). Small
 * beside a result, which is what the level is learned from.
 */
export const PEER_WEIGHT = 0.1;
const PEER_MIDDLE = 3;

/** The rating after a game's peer ratings (their mean) nudged it; σ is left as it was. */
export function nudgedByPeers(rating: SkillRating, meanGiven: number): SkillRating {
  return {
    mu: rating.mu + PEER_WEIGHT * (meanGiven - PEER_MIDDLE) * LEVEL_WIDTH,
    sigma: rating.sigma,
  };
}

/** Each player's rating after a result, by player: `teams` says whose side each was on. */
export function rateResult(
  teams: Readonly<Record<string, "A" | "B">>,
  before: (userId: string) => SkillRating,
  winner: "A" | "B",
): Map<string, SkillRating> {
  // In id order: the model sums each team's ratings, and a sum's last bit depends on its order,
  // so a replay (recompute.ts) gives back exactly what the result gave.
  const ids = Object.keys(teams).sort();
  const a = ids.filter((userId) => teams[userId] === "A");
  const b = ids.filter((userId) => teams[userId] === "B");
  const [afterA, afterB] = rateGame(a.map(before), b.map(before), winner);
  return new Map([
    ...a.map((userId, i) => [userId, afterA[i] as SkillRating] as const),
    ...b.map((userId, i) => [userId, afterB[i] as SkillRating] as const),
  ]);
}
