import { z } from "zod";
import { gameSchema } from "./games.ts";

/**
 * Friends (issue 34 point 1, decision 113): a player asks another, who accepts or declines; the
 * sender can withdraw; either can end a friendship. The other player's "Friend Requests" switch
 * (Settings, privacy) decides whether they can be asked at all.
 */

/** A player as a friends list shows them. */
export const friendSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  primaryPosition: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** ISO: when the friendship began or the request was sent. */
  since: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

/** GET /api/friends: the caller's friends, requests to them, and their own requests. */
export const friendsOverviewSchema = z.object({
  friends: z.array(friendSchema),
  incoming: z.array(friendSchema),
  outgoing: z.array(friendSchema),
});
export type FriendsOverview = z.infer<typeof friendsOverviewSchema>;

/**
 * GET /api/friends/games: upcoming games a friend holds a seat in, soonest first, with the
 * friends in each. Seat lists are public on every game page; this only gathers them.
 */
export const friendGameSchema = z.object({
  game: gameSchema,
  /** The caller's friends seated in it, in the order they joined. */
  friends: z.array(z.object({ id: z.string(), nickname: z.string() })),
  /** The caller holds a seat in it too. */
  youreIn: z.boolean(),
});
export type FriendGame = z.infer<typeof friendGameSchema>;
export const friendGamesSchema = z.array(friendGameSchema);

/** The most friends' games listed: the soonest. */
export const FRIEND_GAMES_LIMIT = 20;

const playerId = z
  .string({ error: "Choose a player" })
  .min(1, "Choose a player")
  .max(36, "Choose a player");

/** POST /api/friends/requests. */
export const friendRequestInputSchema = z.object({ userId: playerId });
export type FriendRequestInput = z.infer<typeof friendRequestInputSchema>;

/** The other player of a request or friendship, in the path. */
export const friendParamsSchema = z.object({ userId: playerId });

/** What sending a request did: asked them, or (they had asked you) you are friends now. */
export const friendRequestResultSchema = z.object({ status: z.enum(["requested", "friends"]) });
export type FriendRequestResult = z.infer<typeof friendRequestResultSchema>;

/** Requests one player may send per hour (on top of the writes' limit). */
export const FRIEND_REQUESTS_PER_HOUR = 20;

export const FRIEND_SELF = "You can't send yourself a friend request."; // 400
export const FRIEND_PLAYER_NOT_FOUND = "Player not found"; // 404
export const FRIEND_NOT_TAKING = "This player isn't taking friend requests."; // 403
export const FRIEND_ALREADY = "You're already friends."; // 409
export const FRIEND_ALREADY_ASKED = "You already sent this player a friend request."; // 409
export const FRIEND_NO_REQUEST = "There is no friend request from this player."; // 404
export const FRIEND_NO_OWN_REQUEST = "You have no friend request to this player."; // 404
export const FRIEND_NOT_FRIENDS = "You're not friends with this player."; // 404
export const TOO_MANY_FRIEND_REQUESTS =
  "You have sent a lot of friend requests. Please wait a while."; // 429
