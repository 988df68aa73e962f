/**
 * "Will it happen?" (issue 32 point 7, decision 100): how likely a game is to reach a number of
 * players, from the seated players' records. Each player shows with their own probability,
 * independently of the others:
 *
 *   p = (present + a) / (expected + lateDrops + a + b)
 *
 * the mean of a Beta(a, b) prior updated with their record (a late drop counts as a miss). With
 * a = 4 and b = 1 a newcomer counts as 80% likely, worth five games of evidence; a player with 18
 * of 19 counts as 22/24 ≈ 92%. The number who show is then a Poisson-binomial variable, whose
 * distribution a dynamic programme gives exactly in O(players × N).
 */

/** The prior: worth PRIOR_SHOWS shows and PRIOR_MISSES misses before a player's first game. */
export const PRIOR_SHOWS = 4;
export const PRIOR_MISSES = 1;

export type ShowRecord = { present: number; expected: number; lateDrops: number };

/** The chance this player shows when seated. */
export function showProbability(record: ShowRecord | null): number {
  const present = record?.present ?? 0;
  const chances = (record?.expected ?? 0) + (record?.lateDrops ?? 0);
  return (present + PRIOR_SHOWS) / (chances + PRIOR_SHOWS + PRIOR_MISSES);
}

/** P(at least `n` of the players show), each with their probability, independently. */
export function chanceAtLeast(probabilities: readonly number[], n: number): number {
  if (n <= 0) return 1;
  if (n > probabilities.length) return 0;
  // shows[k]: the chance exactly k of the players seen so far show; only k < n is kept, the
  // rest is what we want.
  const shows = new Float64Array(n);
  shows[0] = 1;
  for (const p of probabilities) {
    for (let k = n - 1; k >= 1; k--) shows[k] = (shows[k] ?? 0) * (1 - p) + (shows[k - 1] ?? 0) * p;
    shows[0] = (shows[0] ?? 0) * (1 - p);
  }
  let below = 0;
  for (const value of shows) below += value;
  return Math.min(1, Math.max(0, 1 - below));
}

/** How many are expected to show: the sum of their chances. */
export function expectedTurnout(probabilities: readonly number[]): number {
  return probabilities.reduce((sum, p) => sum + p, 0);
}

/** A chance as people say it: "Likely full · 90%", "Maybe on · 55%", "Unlikely full · 12%". */
export function chanceLabel(chance: number, outcome: "on" | "full"): string {
  const percent = Math.round(chance * 100);
  const word = percent >= 70 ? "Likely" : percent >= 40 ? "Maybe" : "Unlikely";
  return `${word} ${outcome} · ${percent}%`;
}
