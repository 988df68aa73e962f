import { z } from "zod";
import { parseId } from "./id-parse.ts";
import { MIN_RELIABILITY_MESSAGE } from "./reliability.ts";

/** The shapes of showing up's calls (decision 100); the rules and words are in reliability.ts. */

/** A player's record over the last RELIABILITY_DAYS days. */
export const reliabilitySchema = z.object({
  userId: z.string(),
  /** Games they were seated at whose attendance is settled, or where they were marked present. */
  expected: z.number().int(),
  present: z.number().int(),
  lateDrops: z.number().int(),
});

/** POST /api/games/{id}/attendance: the organizer marks a seated player present. */
export const markPresentInputSchema = z.object({
  userId: z
    .string({ error: "Choose a player." })
    .min(1, "Choose a player.")
    .max(36, "Choose a player."),
});

/** PUT /api/games/{id}/min-reliability. */
export const minReliabilityInputSchema = z.object({
  minReliability: z
    .number({ error: MIN_RELIABILITY_MESSAGE })
    .int(MIN_RELIABILITY_MESSAGE)
    .min(1, MIN_RELIABILITY_MESSAGE)
    .max(100, MIN_RELIABILITY_MESSAGE)
    .nullable(),
});

const seatSchema = z.object({
  userId: z.string(),
  name: z.string(),
  present: z.boolean(),
  record: reliabilitySchema,
});

/** GET /api/games/{id}/showing-up: the game's seats and line with their records, and its chances. */
export const showingUpSchema = z.object({
  gameId: z.number().int(),
  maxPlayers: z.number().int(),
  minReliability: z.number().int().nullable(),
  seated: z.array(seatSchema),
  line: z.array(seatSchema.omit({ present: true })),
  /** Sum of the seated players' chances of showing. */
  expectedTurnout: z.number(),
  /** The chance that every seat is filled by someone who shows. */
  fullChance: z.number(),
  attendance: z.object({
    /** The organizer may mark players now (from the start to 48 h after, until closed). */
    open: z.boolean(),
    closed: z.boolean(),
  }),
});
export type ShowingUp = z.infer<typeof showingUpSchema>;

/** GET /api/me/reliability: the caller's own record and what it counts. */
export const myReliabilitySchema = z.object({
  record: reliabilitySchema,
  shown: z.boolean(),
  percent: z.number().int().nullable(),
  days: z.number().int(),
  minGames: z.number().int(),
  lateDropHours: z.number().int(),
});
export type MyReliability = z.infer<typeof myReliabilitySchema>;

/** The optional position a check-in may carry, as the browser's Geolocation API gives it. */
export const checkInPositionSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres, the radius of 95% confidence. */
  accuracy: z.number().min(0).max(100_000),
});
export type CheckInPosition = z.infer<typeof checkInPositionSchema>;

/** At most this many games' chances in one read: a page of the nearest games. */
export const GAME_CHANCES_MAX = 100;
export const GAME_CHANCES_IDS_MESSAGE = `Give 1 to ${GAME_CHANCES_MAX} game ids, separated by commas`;

/** GET /api/games/chances?ids=1,2,3: the games of a list, each asked once. */
export const gameChancesQuerySchema = z.object({
  ids: z
    .string({ error: GAME_CHANCES_IDS_MESSAGE })
    .transform((text) => text.split(","))
    .refine(
      (parts) => parts.length <= GAME_CHANCES_MAX && parts.every((part) => parseId(part) !== null),
      GAME_CHANCES_IDS_MESSAGE,
    )
    .transform((parts) => [...new Set(parts.map(Number))]),
});

/**
 * "Will it happen?" for a list of games (issue 32 point 7): for each upcoming open game asked
 * for, the chance it reaches its go/no-go minimum (null without one, or once decided) and the
 * chance its seats fill with people who show. Games started, over or cancelled are left out.
 */
export const gameChancesSchema = z.object({
  chances: z.array(
    z.object({
      gameId: z.number().int(),
      onChance: z.number().nullable(),
      fullChance: z.number(),
    }),
  ),
});
export type GameChances = z.infer<typeof gameChancesSchema>;
export type GameChance = GameChances["chances"][number];
