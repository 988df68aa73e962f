import { z } from "zod";
import { idParamsSchema } from "./id-params.ts";

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

/** The title of a court page whose court does not exist (as GAME_NOT_FOUND for games). */
export const COURT_PAGE_NOT_FOUND = "Court not found";

export const COURT_ID_MESSAGE = "Court id must be a positive whole number";
/** Path parameter `{id}` of /api/courts/{id}/…. */
export const courtIdParamsSchema = idParamsSchema(COURT_ID_MESSAGE);

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

/** A court's facts in words, as link previews and search results show them. */
export function courtFacts(
  court: Pick<Court, "isIndoor" | "numberOfCourts" | "lighting" | "freeToPlay">,
): string[] {
  return [
    court.isIndoor ? "Indoor" : "Outdoor",
    court.numberOfCourts === 1 ? "1 court" : `${court.numberOfCourts} courts`,
    court.lighting ? "Lights" : "No lights",
    court.freeToPlay ? "Free to play" : "Paid",
  ];
}
