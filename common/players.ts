import { z } from "zod";
import { reliabilitySchema } from "./attendance.ts";
import { skillRatingSchema } from "./skill-rating.ts";

/** GET /api/players/nearby looks this far around the caller… */
export const NEARBY_RADIUS_MILES = 50;
/** …and answers at most this many players. */
export const NEARBY_LIMIT = 50;

/** Five skills of 1 to 5 differ by at most 5 × 4 in total. */
export const MAX_SKILL_GAP = 20;

/** One player near the caller (product §3 names only `id`; the rest is what the cards show). */
export const nearbyPlayerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  nickname: z.string(),
  primaryPosition: z.string(),
  profileImageUrl: z.string().nullable(),
  isAvailable: z.boolean(),
  /** The profile's area, else the player's city; null when neither is set. */
  location: z.string().nullable(),
  /** Miles from the caller, to 0.1. */
  distanceMiles: z.number(),
  /** Mean of the five skills, to 0.1 (the skill-level filter and badge). */
  skillAverage: z.number(),
  /**
   * Sum of the five skill differences to the caller (0–20), or 5 × the level gap (rounded) when
   * both levels are settled (decision 110); null when the caller has neither a profile nor a
   * settled level.
   */
  skillGap: z.number().int().nullable(),
  /** 100 − 5 × skillGap: 100 is the same skills or level; null when skillGap is. */
  skillMatch: z.number().int().nullable(),
  /** The player's learned rating (their level), or where their self-rating starts them. */
  rating: skillRatingSchema,
  /** Showing up over the last 90 days (decision 100); screens show it from 3 games. */
  reliability: reliabilitySchema,
});
export type NearbyPlayer = z.infer<typeof nearbyPlayerSchema>;
export const nearbyPlayerListSchema = z.array(nearbyPlayerSchema);

export const skillMatchOf = (gap: number) => Math.round(100 * (1 - gap / MAX_SKILL_GAP));

/** Skill tiers by the mean of the five skills: the card's badge and the level filter. */
export const SKILL_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export function skillLevelOf(average: number): SkillLevel {
  if (average >= 3.5) return "Advanced";
  if (average >= 2.5) return "Intermediate";
  return "Beginner";
}
