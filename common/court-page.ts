import { z } from "zod";
import { courtSchema } from "./courts.ts";

/**
 * GET /api/courts/{id}: one court for its own page. Unlike the directory's list it also answers
 * for a retired court (isActive false: closed, still viewable with its history), and says
 * where the court came from and which time zone its times are in.
 */
export const courtDetailSchema = courtSchema.extend({
  isActive: z.boolean(),
  source: z.enum(["seed", "osm", "player"]),
  /** How many players rated the court (the rating is a Bayesian average, see court-ratings). */
  ratingsCount: z.number().int(),
});
export type CourtDetail = z.infer<typeof courtDetailSchema>;

export const COURT_CLOSED = "This court is closed for good.";

/** A player checked in at the court now, shown only when their privacy allows it. */
export const presentPlayerSchema = z.object({
  id: z.string(),
  /** Nickname, else first name, else 'Player'. */
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type PresentPlayer = z.infer<typeof presentPlayerSchema>;

/**
 * GET /api/courts/{id}/presence: who is checked in now. Visitors get the count only; signed-in
 * players also see the names of those who show their location (checking in tells where one
 * is), and how many others are there unnamed.
 */
export const courtPresenceSchema = z.object({
  count: z.number().int(),
  players: z.array(presentPlayerSchema),
  unnamed: z.number().int(),
  /** Whether the viewer is among them (false for visitors). */
  viewerHere: z.boolean(),
});
export type CourtPresence = z.infer<typeof courtPresenceSchema>;

/** A played game at the court with its score, for the court page's "Recent games". */
export const recentCourtGameSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** ISO 8601. */
  scheduledAt: z.string(),
  gameType: z.string(),
  currentPlayers: z.number().int(),
  /** "21 – 18" style: null when no result was recorded. */
  score: z.object({ teamA: z.number().int(), teamB: z.number().int() }).nullable(),
});
export type RecentCourtGame = z.infer<typeof recentCourtGameSchema>;
export const recentCourtGameListSchema = z.array(recentCourtGameSchema);

/** Recent games: the latest this many played games at the court. */
export const RECENT_COURT_GAMES_LIMIT = 5;
