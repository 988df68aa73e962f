/**
 * A level learned from results (issue 33 point 1, decision 110): the one scale every screen shows
 * a player's learned rating on, and how settled it is. No zod and no model here: cards and the
 * game page show levels without loading the rating library (it runs on the server only).
 *
 * The scale is the self-rating's: 1 to 5, 3 for the average player. One level is one β of the
 * OpenSkill model (25/6 rating points): a player one level above another wins a one-on-one about
 * three times in four.
 */

/** The model's mean for an average player, and one level's width in rating points (β). */
export const MU_AVERAGE = 25;
export const LEVEL_WIDTH = 25 / 6;
/** The scale's ends: the self-rating sliders' (SKILL_MIN, SKILL_MAX in constants.ts). */
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 5;

/**
 * σ at or above this: too few results to say anything yet (from σ 3 at the start, about five
 * results; bench/levels-calibration.ts).
 */
export const SIGMA_NEW = 2.95;
/** σ at or above this (and below SIGMA_NEW): the results are starting to tell (about twenty). */
export const SIGMA_SETTLING = 2.8;

export type Settledness = "new" | "settling" | "settled";

export const SETTLEDNESS_LABEL: Record<Settledness, string> = {
  new: "new",
  settling: "settling in",
  settled: "settled",
};

/** A rating's mean on the level scale, to one decimal, within the scale's ends. */
export function levelOf(mu: number): number {
  const level = 3 + (mu - MU_AVERAGE) / LEVEL_WIDTH;
  return Math.round(Math.min(LEVEL_MAX, Math.max(LEVEL_MIN, level)) * 10) / 10;
}

/** The mean a level stands for: where a player's five self-rated skills start them. */
export function muOfLevel(level: number): number {
  return MU_AVERAGE + (level - 3) * LEVEL_WIDTH;
}

export function settlednessOf(sigma: number): Settledness {
  if (sigma >= SIGMA_NEW) return "new";
  if (sigma >= SIGMA_SETTLING) return "settling";
  return "settled";
}

/** "Level 3.4 · settling in". */
export function levelText(rating: { mu: number; sigma: number }): string {
  return `Level ${levelOf(rating.mu).toFixed(1)} · ${SETTLEDNESS_LABEL[settlednessOf(rating.sigma)]}`;
}
