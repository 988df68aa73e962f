import { z } from "zod";
import { PRIOR_WEIGHT } from "./court-ratings-weight.ts";

export { PRIOR_WEIGHT } from "./court-ratings-weight.ts";

export const COURT_RATING_MESSAGE = "Rating must be a whole number from 1 to 5";
/** A player may change ratings this often per hour (all courts). */
export const COURT_RATINGS_PER_HOUR = 30;
export const TOO_MANY_RATINGS = "You have rated enough for now. Please try again later.";

/** PUT /api/courts/{id}/rating. */
export const courtRatingInputSchema = z.object(
  {
    rating: z
      .number({ error: COURT_RATING_MESSAGE })
      .int(COURT_RATING_MESSAGE)
      .min(1, COURT_RATING_MESSAGE)
      .max(5, COURT_RATING_MESSAGE),
  },
  // No body at all gets the same words.
  { error: COURT_RATING_MESSAGE },
);
export type CourtRatingInput = z.infer<typeof courtRatingInputSchema>;

/** GET /api/courts/{id}/rating and the answer of PUT. */
export const courtRatingSummarySchema = z.object({
  /** The court's rating as lists show it, to one decimal. */
  rating: z.number(),
  /** Players who rated, and their plain mean (null with none). */
  count: z.number().int(),
  playersMean: z.number().nullable(),
  /** The viewer's own rating; null when they have none or are signed out. */
  mine: z.number().int().nullable(),
});
export type CourtRatingSummary = z.infer<typeof courtRatingSummarySchema>;

/** The Bayesian average to one decimal (kept in one place for the server and its tests). */
export function bayesianRating(prior: number, sum: number, count: number): number {
  return Math.round(((PRIOR_WEIGHT * prior + sum) / (PRIOR_WEIGHT + count)) * 10) / 10;
}
