import { z } from "zod";

/**
 * A player's learned rating as the API sends it (decision 110): the model's mean and
 * uncertainty, and the results behind it. Screens turn it into "Level 3.4 · settling in" with
 * common/levels.ts, which stays free of zod so cards can load it alone.
 */
export const skillRatingSchema = z.object({
  mu: z.number(),
  sigma: z.number().positive(),
  /** Results that moved it: 0 while the level is where the self-rating starts it. */
  games: z.number().int(),
});
export type SkillRatingView = z.infer<typeof skillRatingSchema>;
