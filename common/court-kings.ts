import { z } from "zod";

/**
 * Court Kings: each court's board over the last KINGS_WINDOW_DAYS. Points at that court:
 * a day checked in there, a played game there, and a win there on top. Equal points: more
 * wins first, then whoever reached the total first (the earlier last scoring moment), then the
 * player id so the order never flips. Players hiding their stats are never listed.
 */
export const KINGS_WINDOW_DAYS = 90;
export const KINGS_BOARD_SIZE = 10;
export const POINTS_PER_CHECK_IN_DAY = 1;
export const POINTS_PER_GAME = 2;
export const POINTS_PER_WIN = 3;

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
