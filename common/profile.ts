import { z } from "zod";
import { BADGE_TYPES, POSITIONS, SKILL_DEFAULT, SKILL_MAX, SKILL_MIN } from "./constants.ts";
import { decent } from "./text-filter.ts";

/** Stored limits of `player_profiles` (nickname varchar(50), location varchar(200)). */
export const NICKNAME_MAX = 50;
export const LOCATION_MAX = 200;

export const NICKNAME_TOO_SHORT = "Nickname must be at least 3 characters";
export const PRIMARY_POSITION_REQUIRED = "Primary position is required";

/** The five skills in the order the form and the panels show them (product §2, §3). */
export const SKILLS = [
  { key: "skillHandles", label: "Ball Handling" },
  { key: "skillShot", label: "Shooting" },
  { key: "skillIq", label: "Basketball IQ" },
  { key: "skillVert", label: "Athleticism" },
  { key: "skillDefense", label: "Defense" },
] as const;
export type SkillKey = (typeof SKILLS)[number]["key"];

// PostgreSQL text cannot hold U+0000: without this rule such input would be a 500, not a 400.
const hasNoNul = (value: string) => !value.includes("\u0000");
// Lengths count characters as PostgreSQL does (code points), not UTF-16 units: a nickname of
// two emoji is two characters, and the table's check (char_length >= 3) would refuse it.
const charCount = (value: string) => [...value].length;

const positionList = POSITIONS.join(", ");

function skill(label: string) {
  const message = `${label} must be a whole number from ${SKILL_MIN} to ${SKILL_MAX}`;
  return z
    .number({ error: message })
    .int(message)
    .min(SKILL_MIN, message)
    .max(SKILL_MAX, message)
    .default(SKILL_DEFAULT);
}

/**
 * The profile-setup form and POST /api/profile validate with this one schema (product §5).
 * Unknown keys (an `id` or `userId` in the body) are dropped: the profile written is always
 * the caller's own.
 */
export const profileInputSchema = z.object({
  nickname: decent(
    z
      .string({ error: NICKNAME_TOO_SHORT })
      .trim()
      .refine((v) => charCount(v) >= 3, NICKNAME_TOO_SHORT)
      .refine(
        (v) => charCount(v) <= NICKNAME_MAX,
        `Nickname must be at most ${NICKNAME_MAX} characters`,
      )
      .refine(hasNoNul, "Nickname contains a character that is not allowed"),
  ),
  primaryPosition: z
    .string({ error: PRIMARY_POSITION_REQUIRED })
    .min(1, PRIMARY_POSITION_REQUIRED)
    .pipe(z.enum(POSITIONS, { error: `Primary position must be one of ${positionList}` })),
  // The select's "None" is an empty string; the table stores no secondary position as null.
  secondaryPosition: z
    .union([z.enum(POSITIONS), z.literal("")], {
      error: `Secondary position must be one of ${positionList}`,
    })
    .nullish()
    .transform((v) => v || null),
  skillHandles: skill("Ball Handling"),
  skillShot: skill("Shooting"),
  skillIq: skill("Basketball IQ"),
  skillVert: skill("Athleticism"),
  skillDefense: skill("Defense"),
  // One of the AREAS or the player's own city, as the form offers; kept free text (see
  // decision 012) so a player whose city changes later can still save their profile.
  location: z
    .string({ error: "Location must be text" })
    .trim()
    .refine(
      (v) => charCount(v) <= LOCATION_MAX,
      `Location must be at most ${LOCATION_MAX} characters`,
    )
    .refine(hasNoNul, "Location contains a character that is not allowed")
    .nullish()
    .transform((v) => v || null),
  isAvailable: z.boolean({ error: "Availability must be true or false" }).default(true),
});
/** What the form holds (before trimming and defaults). */
export type ProfileInputValues = z.input<typeof profileInputSchema>;
/** What the server stores. */
export type ProfileInput = z.output<typeof profileInputSchema>;

/** GET /api/user/stats. Counts come from real games and check-ins; see the service. */
export const playerStatsSchema = z.object({
  gamesPlayed: z.number(),
  /** Decided games won (beyond product §3: the dashboard's Games Won). */
  wins: z.number(),
  /** XP_PER_GAME per played game plus XP_PER_WIN per win, as the leaderboards count. */
  points: z.number(),
  courtsVisited: z.number(),
  brosConnected: z.number(),
  winRate: z.number(),
  avgRating: z.number(),
  totalHours: z.number(),
  streak: z.number(),
});
export type PlayerStats = z.infer<typeof playerStatsSchema>;

/** One row of GET /api/user/games (product §3 "Recent game"). */
export const recentGameSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  /** The court's IANA zone: the game's time is shown on its clock. */
  court: z.object({ name: z.string(), timeZone: z.string() }),
  scheduledAt: z.iso.datetime({ offset: true }),
  status: z.string(),
});
export type RecentGame = z.infer<typeof recentGameSchema>;
export const RECENT_GAMES_LIMIT = 20;

/** One earned badge (GET /api/user/achievements, GET /api/badges/my). */
export const badgeSchema = z.object({
  id: z.number(),
  badgeType: z.string(),
  earnedAt: z.iso.datetime({ offset: true }),
});
export type PlayerBadge = z.infer<typeof badgeSchema>;

export const BADGE_TYPE_KEYS = Object.keys(BADGE_TYPES) as (keyof typeof BADGE_TYPES)[];
