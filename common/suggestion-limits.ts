// Zod-free, so pages can show these without loading the schemas (issue 13); re-exported by
// court-suggestions.ts for the server and the forms.

/**
 * Players keep the map true: a signed-in player suggests a missing court or a correction, and
 * other players nearby decide. No admin exists, so the rule is a vote margin:
 *   accepted once confirmations − objections reaches SUGGESTION_MARGIN,
 *   rejected once objections − confirmations reaches it,
 *   expired when neither happened within SUGGESTION_DAYS.
 * Voters are players other than the suggester whose saved home position, or the position their
 * browser gives with the vote, is within SUGGESTION_NEAR_MILES of the court.
 */
export const SUGGESTION_MARGIN = 3;
export const SUGGESTION_NEAR_MILES = 25;
export const SUGGESTION_DAYS = 30;
