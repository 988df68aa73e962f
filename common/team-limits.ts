/**
 * Balanced teams in one tap (issue 33 point 3, decision 111): who plays whom on a game's page.
 * Teams A and B play; with more than ten players the rest wait as team C ("Next").
 * No zod here: the game page shows teams without loading it (teams.ts re-exports all of it).
 */

export const TEAM_NAMES = ["A", "B", "C"] as const;
export type TeamName = (typeof TEAM_NAMES)[number];
export const TEAM_LABEL: Record<TeamName, string> = { A: "Team A", B: "Team B", C: "Next" };

/** Teams are made from this many seats up; the search is exhaustive up to the maximum. */
export const TEAMS_MIN_PLAYERS = 4;
export const TEAMS_MAX_PLAYERS = 15;
/** Up to this many players two teams play; beyond it two fives play and the rest wait. */
export const TWO_TEAMS_MAX_PLAYERS = 10;

export const TEAMS_TOO_FEW = `Teams need at least ${TEAMS_MIN_PLAYERS} players`; // 409
export const TEAMS_TOO_MANY = `Teams can be made for up to ${TEAMS_MAX_PLAYERS} players`; // 400
export const TEAMS_PLAYER_TWICE = "A player can be on one team only"; // 400
export const TEAMS_NOT_ALLOWED = "Only the organizer can make the teams for this game"; // 403
export const TEAMS_SETTINGS_ORGANIZER = "Only the organizer can choose who makes the teams"; // 403
export const TEAMS_GAME_OVER = "This game is over: its teams can no longer change."; // 409
export const TOGETHER_SEATED_ONLY = "Only a seated player can ask to be kept with someone"; // 403
export const TOGETHER_PARTNER_NOT_SEATED = "Choose a player who holds a seat in this game";
export const TOGETHER_SELF = "Choose another player than yourself";

/** "Teams are out of date: 1 new player, 2 players left" — seats changed since they were made. */
export function outOfDateText(added: number, left: number): string | null {
  const parts = [];
  if (added > 0) parts.push(added === 1 ? "1 new player" : `${added} new players`);
  if (left > 0) parts.push(left === 1 ? "1 player left" : `${left} players left`);
  return parts.length === 0 ? null : `Teams are out of date: ${parts.join(", ")}`;
}

/** "Team A 51% · Team B 49%". */
export const chancesText = (a: number, b: number) => `Team A ${a}% · Team B ${b}%`;
