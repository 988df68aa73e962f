import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import { FRIEND_GAMES_LIMIT, type FriendGame } from "../../../common/friends.ts";
import type { Queryable } from "../../db/client.ts";
import { gameUpcomingSql } from "../../db/game-lifecycle.ts";
import {
  courts,
  friendships,
  gameParticipants,
  games,
  playerProfiles,
  users,
} from "../../db/schema.ts";
import { listGames } from "../games/game-reads.ts";

/** Seats held by the caller's friends (joined to a game's seats). */
const friendOf = (userId: string) =>
  and(eq(friendships.userId, userId), eq(friendships.friendId, gameParticipants.userId));

/**
 * Upcoming games at active courts that one of the caller's friends holds a seat in, soonest
 * first, each with the friends seated in it. Two reads: the page of games, then its friends.
 */
export async function friendsGames(db: Queryable, userId: string): Promise<FriendGame[]> {
  const friendSeat = db
    .select({ one: sql`1` })
    .from(gameParticipants)
    .innerJoin(friendships, friendOf(userId))
    .where(eq(gameParticipants.gameId, games.id));
  const activeCourt = db
    .select({ one: sql`1` })
    .from(courts)
    .where(and(eq(courts.id, games.courtId), eq(courts.isActive, true)));
  const list = await listGames(
    db,
    null,
    and(gameUpcomingSql, exists(activeCourt), exists(friendSeat)),
    [asc(games.scheduledAt), asc(games.id)],
    FRIEND_GAMES_LIMIT,
  );
  if (list.length === 0) return [];
  const ids = list.map((game) => game.id);
  const seated = await db
    .select({
      gameId: gameParticipants.gameId,
      id: users.id,
      nickname: sql<string>`coalesce(${playerProfiles.nickname}, ${users.firstName}, 'Player')`,
    })
    .from(gameParticipants)
    .innerJoin(friendships, friendOf(userId))
    .innerJoin(users, eq(users.id, gameParticipants.userId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(inArray(gameParticipants.gameId, ids))
    .orderBy(asc(gameParticipants.joinedAt), asc(users.id));
  const mine = await db
    .select({ gameId: gameParticipants.gameId })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.userId, userId), inArray(gameParticipants.gameId, ids)));
  const youreIn = new Set(mine.map((row) => row.gameId));
  return list.map((game) => ({
    game,
    friends: seated
      .filter((row) => row.gameId === game.id)
      .map(({ id, nickname }) => ({ id, nickname })),
    youreIn: youreIn.has(game.id),
  }));
}
