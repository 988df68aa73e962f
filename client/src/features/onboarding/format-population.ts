/**
 * Spec §2's population hint: 1M+ as "x.xM people", 1K+ as "nK people", else "n people".
 * Both steps round down, so the hint never overstates a place and 999,999 reads "999K",
 * never "1000K"; 12,345 reads "12K people" and 3,971,883 "3.9M people".
 */
export function formatPopulation(population: number): string {
  const n = Math.max(0, Math.floor(population));
  if (n >= 1_000_000) return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M people`;
  if (n >= 1_000) return `${Math.floor(n / 1_000)}K people`;
  return n === 1 ? "1 person" : `${n} people`;
}
