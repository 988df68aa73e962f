/** A Record Result form's messages: by score field, by player, and for the form as a whole. */
export type ResultErrors = {
  teamAScore?: string;
  teamBScore?: string;
  /** userId → message. */
  players: Record<string, string>;
  form?: string;
};

export const NO_RESULT_ERRORS: ResultErrors = { players: {} };

/**
 * Sorts messages keyed by path (a zod issue's path, or the API's `errors` keys such as
 * "teamBScore" or "teams.<userId>") into the form's places; anything else is for the form.
 */
export function resultErrorsOf(entries: Array<[path: string[], message: string]>): ResultErrors {
  const errors: ResultErrors = { players: {} };
  for (const [[field, userId], message] of entries) {
    if (field === "teamAScore" || field === "teamBScore") errors[field] ??= message;
    else if (field === "teams" && userId) errors.players[userId] ??= message;
    else errors.form ??= message;
  }
  return errors;
}
