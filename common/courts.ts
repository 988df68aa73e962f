import { z } from "zod";

/** One court as the directory and its map use it (spec §3): no timestamps, no isActive. */
export const courtSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  isIndoor: z.boolean(),
  courtType: z.string(),
  numberOfCourts: z.number().int(),
  lighting: z.boolean(),
  freeToPlay: z.boolean(),
  rating: z.number(),
  description: z.string().nullable(),
  amenities: z.array(z.string()),
  activePlayers: z.number().int(),
});
export type Court = z.infer<typeof courtSchema>;

export const courtListSchema = z.array(courtSchema);

export const COURT_ID_MESSAGE = "Court id must be a positive whole number";
const INT32_MAX = 2_147_483_647;

/**
 * Path parameter `{id}`: digits only (no "1e3", " 7" or "-1"), and within PostgreSQL's integer
 * so an id like 99999999999 is a 400, not a database error.
 */
export const courtIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, COURT_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id >= 1 && id <= INT32_MAX, COURT_ID_MESSAGE),
});

/** GET /api/courts/favorites: the caller's favorite court ids, ascending. */
export const favoriteCourtIdsSchema = z.array(z.number().int());

/** An upcoming game at one court (GET /api/courts/{id}/games). */
export const courtGameSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** ISO 8601. */
  scheduledAt: z.string(),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  status: z.string(),
  gameType: z.string(),
});
export type CourtGame = z.infer<typeof courtGameSchema>;

export const courtGameListSchema = z.array(courtGameSchema);
