import { and, desc, eq, or } from "drizzle-orm";
import { BLOCK_PLAYER_NOT_FOUND, BLOCK_SELF, type BlockedPlayer } from "../../../common/blocks.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { lockPair } from "../../db/player-pairs.ts";
import {
  friendRequests,
  friendships,
  playerBlocks,
  playerProfiles,
  users,
} from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { SOMEONE } from "../notifications/game-facts.ts";

/**
 * The caller blocks a player. Under the pair's lock (the one friend requests take), so a request
 * or an accept racing the block cannot leave a friendship behind it: the friendship and any
 * request between them, either way, end with the block. Blocking twice is blocking once. The
 * blocked player is not told.
 */
export async function blockPlayer(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw badRequest(BLOCK_SELF, { userId: BLOCK_SELF });
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockPair(tx, blockerId, blockedId);
      const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
      if (!other) throw notFound(BLOCK_PLAYER_NOT_FOUND);
      await tx.insert(playerBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
      await tx
        .delete(friendships)
        .where(
          or(
            and(eq(friendships.userId, blockerId), eq(friendships.friendId, blockedId)),
            and(eq(friendships.userId, blockedId), eq(friendships.friendId, blockerId)),
          ),
        );
      await tx
        .delete(friendRequests)
        .where(
          or(
            and(eq(friendRequests.fromId, blockerId), eq(friendRequests.toId, blockedId)),
            and(eq(friendRequests.fromId, blockedId), eq(friendRequests.toId, blockerId)),
          ),
        );
    }),
  );
}

/** The caller lifts their block (a block the other player made stays). Idempotent. */
export async function unblockPlayer(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db
    .delete(playerBlocks)
    .where(and(eq(playerBlocks.blockerId, blockerId), eq(playerBlocks.blockedId, blockedId)));
}

/** The players the caller blocked, the latest first. */
export async function blockedPlayers(db: Queryable, blockerId: string): Promise<BlockedPlayer[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      nickname: playerProfiles.nickname,
      profileImageUrl: users.profileImageUrl,
      since: playerBlocks.createdAt,
    })
    .from(playerBlocks)
    .innerJoin(users, eq(users.id, playerBlocks.blockedId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(playerBlocks.blockerId, blockerId))
    .orderBy(desc(playerBlocks.createdAt), users.id);
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname || r.firstName || SOMEONE,
    profileImageUrl: r.profileImageUrl,
    since: r.since.toISOString(),
  }));
}
