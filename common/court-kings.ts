import { z } from "zod";

export {
  KINGS_BOARD_SIZE,
  KINGS_WINDOW_DAYS,
  POINTS_PER_CHECK_IN_DAY,
  POINTS_PER_GAME,
  POINTS_PER_WIN,
} from "./court-kings-points.ts";

export const courtKingSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string().nullable(),
  points: z.number().int(),
  wins: z.number().int(),
  games: z.number().int(),
  checkInDays: z.number().int(),
});
export type CourtKing = z.infer<typeof courtKingSchema>;

/** GET /api/courts/{id}/kings: the top 10; the first is the reigning king. */
export const courtKingsSchema = z.array(courtKingSchema);

/** GET /api/user/crowns: the courts where the signed-in player reigns. */
export const crownSchema = z.object({
  courtId: z.number().int(),
  courtName: z.string(),
  points: z.number().int(),
});
export type Crown = z.infer<typeof crownSchema>;
export const crownListSchema = z.array(crownSchema);
