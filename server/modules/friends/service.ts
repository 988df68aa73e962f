import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { YOU_BLOCKED } from "../../../common/blocks.ts";
import {
  FRIEND_ALREADY,
  FRIEND_ALREADY_ASKED,
  FRIEND_NO_OWN_REQUEST,
  FRIEND_NO_REQUEST,
  FRIEND_NOT_FRIENDS,
  FRIEND_NOT_TAKING,
  FRIEND_PLAYER_NOT_FOUND,
  FRIEND_REQUESTS_PER_HOUR,
  FRIEND_SELF,
  type Friend,
  type FriendRequestResult,
  type FriendsOverview,
  TOO_MANY_FRIEND_REQUESTS,
} from "../../../common/friends.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { blockBetween, lockPair } from "../../db/player-pairs.ts";
import {
  friendRequests,
  friendships,
  playerProfiles,
  userSettings,
  users,
} from "../../db/schema.ts";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { playerName } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";

const HOUR_MS = 3_600_000;

async function areFriends(tx: Queryable, userId: string, otherId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
  return row !== undefined;
}

async function requestFrom(tx: Queryable, fromId: string, toId: string) {
  const [row] = await tx
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)));
  return row;
}

/** Both directions of the friendship, and no request left between them either way. */
async function befriend(tx: Tx, a: string, b: string): Promise<void> {
  await tx
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
  await tx
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromId, a), eq(friendRequests.toId, b)),
        and(eq(friendRequests.fromId, b), eq(friendRequests.toId, a)),
      ),
    );
}

async function tellAccepted(tx: Tx, accepterId: string, requesterId: string): Promise<void> {
  await notify(tx, [
    {
      kind: "friend_accepted",
      userId: requesterId,
      actorId: accepterId,
      profileUserId: accepterId,
      payload: { playerName: await playerName(tx, accepterId) },
      dedupeKey: `friend:${accepterId}:accepted:${Date.now()}`,
    },
  ]);
}

/**
 * `fromId` asks `toId` to be friends. When `toId` had already asked `fromId` (and not withdrawn),
 * this is their answer: friends at once. A request the other player declined stays declined:
 * asking again is refused as "already sent", so a decline is never announced to the sender.
 */
export async function sendFriendRequest(
  db: Db,
  fromId: string,
  toId: string,
): Promise<FriendRequestResult> {
  if (fromId === toId) throw badRequest(FRIEND_SELF, { userId: FRIEND_SELF });
  const sent = await incrementCounter(db, `friend-requests:user:${fromId}`, HOUR_MS);
  if (sent > FRIEND_REQUESTS_PER_HOUR) throw tooManyRequests(TOO_MANY_FRIEND_REQUESTS);
  return withRetry(() =>
    db.transaction(async (tx) => {
      await lockPair(tx, fromId, toId);
      const [other] = await tx
        .select({ id: users.id, takes: userSettings.allowFriendRequests })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, toId));
      if (!other) throw notFound(FRIEND_PLAYER_NOT_FOUND);
      const block = await blockBetween(tx, fromId, toId);
      if (block === "mine") throw forbidden(YOU_BLOCKED);
      // Blocked by them: said as a closed door, never as a block.
      if (block === "theirs") throw forbidden(FRIEND_NOT_TAKING);
      if (await areFriends(tx, fromId, toId)) throw conflict(FRIEND_ALREADY);

      const theirs = await requestFrom(tx, toId, fromId);
      if (theirs && theirs.withdrawnAt === null) {
        await befriend(tx, fromId, toId);
        await tellAccepted(tx, fromId, toId);
        return { status: "friends" as const };
      }
      if (other.takes === false) throw forbidden(FRIEND_NOT_TAKING);
      const mine = await requestFrom(tx, fromId, toId);
      if (mine && mine.withdrawnAt === null) throw conflict(FRIEND_ALREADY_ASKED);
      if (mine) {
        // Withdrawn after a decline: shown to the sender again, still declined, nobody told.
        await tx
          .update(friendRequests)
          .set({ withdrawnAt: null })
          .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)));
        return { status: "requested" as const };
      }
      await tx.insert(friendRequests).values({ fromId, toId });
      await notify(tx, [
        {
          kind: "friend_request",
          userId: toId,
          actorId: fromId,
          profileUserId: fromId,
          payload: { playerName: await playerName(tx, fromId) },
          // One notice a day at most, however often a request is withdrawn and sent again.
          dedupeKey: `friend:${fromId}:asked:${toId}:${new Date().toISOString().slice(0, 10)}`,
        },
      ]);
      return { status: "requested" as const };
    }),
  );
}

/** `userId` accepts the pending request `fromId` sent them. */
export async function acceptFriendRequest(db: Db, userId: string, fromId: string): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockPair(tx, userId, fromId);
      const request = await requestFrom(tx, fromId, userId);
      // A declined request can still be accepted: the decline was never shown to the sender.
      if (!request || request.withdrawnAt !== null) throw notFound(FRIEND_NO_REQUEST);
      await befriend(tx, userId, fromId);
      await tellAccepted(tx, userId, fromId);
    }),
  );
}

/** `userId` declines `fromId`'s request: it leaves their list; the sender is not told. */
export async function declineFriendRequest(db: Db, userId: string, fromId: string): Promise<void> {
  const declined = await db
    .update(friendRequests)
    .set({ declinedAt: sql`now()` })
    .where(
      and(
        eq(friendRequests.fromId, fromId),
        eq(friendRequests.toId, userId),
        isNull(friendRequests.declinedAt),
        isNull(friendRequests.withdrawnAt),
      ),
    )
    .returning({ fromId: friendRequests.fromId });
  if (declined.length === 0) throw notFound(FRIEND_NO_REQUEST);
}

/**
 * `userId` withdraws their request to `toId`. A pending one is gone (they may ask again); one
 * already declined is only hidden from them, so withdrawing and asking again cannot ask twice.
 */
export async function withdrawFriendRequest(db: Db, userId: string, toId: string): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockPair(tx, userId, toId);
      const request = await requestFrom(tx, userId, toId);
      if (!request || request.withdrawnAt !== null) throw notFound(FRIEND_NO_OWN_REQUEST);
      const mine = and(eq(friendRequests.fromId, userId), eq(friendRequests.toId, toId));
      if (request.declinedAt === null) await tx.delete(friendRequests).where(mine);
      else await tx.update(friendRequests).set({ withdrawnAt: sql`now()` }).where(mine);
    }),
  );
}

/** Either friend ends the friendship, for both. */
export async function unfriend(db: Db, userId: string, friendId: string): Promise<void> {
  const removed = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
        and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
      ),
    )
    .returning({ userId: friendships.userId });
  if (removed.length === 0) throw notFound(FRIEND_NOT_FRIENDS);
}

const playerColumns = {
  id: users.id,
  nickname: sql<string>`coalesce(${playerProfiles.nickname}, ${users.firstName}, 'Player')`,
  primaryPosition: playerProfiles.primaryPosition,
  profileImageUrl: users.profileImageUrl,
};

const toFriend = (row: {
  id: string;
  nickname: string;
  primaryPosition: string | null;
  profileImageUrl: string | null;
  since: Date;
}): Friend => ({ ...row, since: row.since.toISOString() });

/** The caller's friends (newest first), the requests waiting on them, and their own. */
export async function friendsOverview(db: Queryable, userId: string): Promise<FriendsOverview> {
  const friends = await db
    .select({ ...playerColumns, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(friendships.userId, userId))
    .orderBy(desc(friendships.createdAt), users.id);
  const incoming = await db
    .select({ ...playerColumns, since: friendRequests.createdAt })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.fromId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(
      and(
        eq(friendRequests.toId, userId),
        isNull(friendRequests.declinedAt),
        isNull(friendRequests.withdrawnAt),
      ),
    )
    .orderBy(desc(friendRequests.createdAt), users.id);
  const outgoing = await db
    .select({ ...playerColumns, since: friendRequests.createdAt })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.toId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(and(eq(friendRequests.fromId, userId), isNull(friendRequests.withdrawnAt)))
    .orderBy(desc(friendRequests.createdAt), users.id);
  return {
    friends: friends.map(toFriend),
    incoming: incoming.map(toFriend),
    outgoing: outgoing.map(toFriend),
  };
}
