import type { BadgeType } from "./constants.ts";

/**
 * How each badge is earned (decision 017). The server awards a badge once, when its
 * rule first holds; the screens show these texts beside earned and unearned badges alike.
 */
export const BADGE_RULES = {
  hot_shooter: { threshold: 3, description: "Win 3 games in a row" },
  iron_bro: { threshold: 10, description: "Play 10 games" },
  court_king: { threshold: 5, description: "Win 5 games at one court" },
  shot_caller: { threshold: 5, description: "Organize 5 games that get played" },
  mvp: {
    threshold: 4.5,
    minRatings: 5,
    description: "Average 4.5 or better from at least 5 player ratings",
  },
  legend: { threshold: 50, description: "Play 50 games" },
} as const satisfies Record<
  BadgeType,
  { threshold: number; minRatings?: number; description: string }
>;
