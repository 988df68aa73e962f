// Zod-free, so pages can show these without loading the schemas (issue 13); re-exported by
// court-ratings.ts for the server and the forms.

/**
 * Players rate courts 1–5, once each (a new rating replaces the player's earlier one). The
 * court's rating is a Bayesian average: the seeded rating counts as PRIOR_WEIGHT imaginary
 * players, so one player's 1 cannot sink a court and the players' mean takes over as more rate:
 *   rating = (PRIOR_WEIGHT × prior + sum of ratings) / (PRIOR_WEIGHT + number of ratings)
 */
export const PRIOR_WEIGHT = 5;
