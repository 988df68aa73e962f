import { predictWin, rate } from "openskill";
import { LEVEL_WIDTH, muOfLevel } from "../../../common/levels.ts";

/**
 * The rating model (decision 110): OpenSkill's Plackett–Luce model with its defaults, β one level
 * wide. Everything that rates or predicts goes through here, so a change of model is one file and
 * a recompute (recompute.ts).
 */
export type SkillRating = { mu: number; sigma: number };

const options = { beta: LEVEL_WIDTH };
/** A new player's uncertainty: the model's default, 25/3. */
export const SIGMA_START = 25 / 3;

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
