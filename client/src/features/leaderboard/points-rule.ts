import { XP_PER_GAME, XP_PER_WIN } from "@common/game-limits.ts";
import { WEEKLY_DAYS } from "@common/leaderboard.ts";

/** How points are earned, from the same constants the server scores with. */
export const POINTS_RULE = `${XP_PER_GAME} points for every game played, ${XP_PER_WIN} more for every win.`;

export const WEEKLY_RULE = `Counts only games that ended in the last ${WEEKLY_DAYS} days.`;
