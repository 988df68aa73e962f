import { z } from "zod";

/** Each leaderboard lists at most this many players. */
export const LEADERBOARD_LIMIT = 50;
/** Spec §9: the top 3 rows are highlighted, 4 to 10 have a mid style, 5 skeleton rows. */
export const LEADERBOARD_TOP = 3;
export const LEADERBOARD_MID = 10;
export const LEADERBOARD_SKELETON_ROWS = 5;
/** Weekly: games that ended within this many days. */
export const WEEKLY_DAYS = 7;

export const LEADERBOARD_TABS = ["global", "local", "weekly"] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** Spec §3 "Leaderboard entry", plus wins (the tie-break after points). */
export const leaderboardEntrySchema = z.object({
  id: z.string(),
  rank: z.number().int(),
  nickname: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Wins in a row up to the player's latest decided game. */
  streak: z.number().int(),
  /** The profile's area, else "City, ST"; null when unknown or hidden by the player. */
  location: z.string().nullable(),
  primaryPosition: z.string(),
  gamesPlayed: z.number().int(),
  wins: z.number().int(),
  /** Whole percent of decided games won. */
  winRate: z.number().int(),
  points: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.array(leaderboardEntrySchema);

const place = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * GET /api/leaderboard/local: a city chosen by the viewer; without one, a signed-in player's
 * own city. Both or neither.
 */
export const localLeaderboardQuerySchema = z
  .object({ city: place("City", 200).optional(), state: place("State", 100).optional() })
  .refine((q) => (q.city === undefined) === (q.state === undefined), {
    message: "Give both city and state, or neither",
    path: ["state"],
  });
export type LocalLeaderboardQuery = z.infer<typeof localLeaderboardQuerySchema>;

/** GET /api/leaderboard/cities: the cities with ranked players, most players first. */
export const leaderboardCitySchema = z.object({
  city: z.string(),
  state: z.string(),
  players: z.number().int(),
});
export type LeaderboardCity = z.infer<typeof leaderboardCitySchema>;
export const leaderboardCityListSchema = z.array(leaderboardCitySchema);
export const LEADERBOARD_CITIES_LIMIT = 50;
