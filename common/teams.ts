import { z } from "zod";
import { TEAM_NAMES, TOGETHER_PARTNER_NOT_SEATED } from "./team-limits.ts";

export * from "./team-limits.ts";

/** Requests and answers of the teams API (decision 111); the rules' words are in team-limits.ts. */

export const teamPlayerSchema = z.object({
  userId: z.string(),
  /** Nickname, else first name, else 'Player' (as the game's players list shows them). */
  name: z.string(),
  /** On the level scale (common/levels.ts); null when the player keeps their stats private. */
  level: z.number().nullable(),
  position: z.string().nullable(),
});
export type TeamPlayer = z.infer<typeof teamPlayerSchema>;

export const teamSchema = z.object({
  team: z.enum(TEAM_NAMES),
  players: z.array(teamPlayerSchema),
  /** Chance to win in whole percent (A and B add to 100); null for the waiting team. */
  chance: z.number().int().nullable(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/games/{id}/teams. */
export const gameTeamsSchema = z.object({
  /** The current teams, A and B (and C when some wait); empty until teams are made. */
  teams: z.array(teamSchema),
  /** ISO 8601; null until teams are made. */
  madeAt: z.string().nullable(),
  /** Seats taken or freed since the teams were made; null when they match the seats. */
  outOfDate: z.string().nullable(),
  /** Seated players now: teams need TEAMS_MIN_PLAYERS. */
  seats: z.number().int(),
  /** Whether seated players may make teams (the organizer's switch). */
  playersMakeTeams: z.boolean(),
  /** Whether the caller may make or rebalance the teams now. */
  canMake: z.boolean(),
  /** Whether the caller may flip the switch (the organizer). */
  canChangeSettings: z.boolean(),
  /** The caller's keep-together partner, if they named one. */
  partnerId: z.string().nullable(),
});
export type GameTeams = z.infer<typeof gameTeamsSchema>;

/** PUT /api/games/{id}/teams/settings. */
export const teamSettingsInputSchema = z.object({
  playersMakeTeams: z.boolean({ error: "Say whether players can make teams (true or false)" }),
});
export type TeamSettingsInput = z.infer<typeof teamSettingsInputSchema>;

/** PUT /api/games/{id}/teams/together: the seated player the caller wants to play with. */
export const keepTogetherInputSchema = z.object({
  partnerId: z
    .string({ error: TOGETHER_PARTNER_NOT_SEATED })
    .min(1, TOGETHER_PARTNER_NOT_SEATED)
    .max(36, TOGETHER_PARTNER_NOT_SEATED),
});
export type KeepTogetherInput = z.infer<typeof keepTogetherInputSchema>;
