import { LEADERBOARD_MID, LEADERBOARD_TOP } from "@common/leaderboard.ts";

/** Spec §2: the top 3 rows are highlighted, ranks 4 to 10 have a mid style, the rest plain. */
export type RankTier = "top" | "mid" | "rest";

export function rankTier(rank: number): RankTier {
  if (rank <= LEADERBOARD_TOP) return "top";
  if (rank <= LEADERBOARD_MID) return "mid";
  return "rest";
}
