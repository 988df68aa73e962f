import { and, desc, eq, isNull, lt } from "drizzle-orm";
import {
  GAME_NOT_FOUND,
  type GameMessage,
  type GameMessagePage,
  MESSAGES_PER_HOUR,
  type SendMessageInput,
  THREAD_PLAYERS_ONLY,
  type ThreadQuery,
  TOO_MANY_MESSAGES,
} from "../../../common/games.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { unblockedSql } from "../../db/player-pairs.ts";
import { gameMessages, games, playerProfiles, users } from "../../db/schema.ts";
import { forbidden, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { threadMessageSent } from "./game-notices.ts";
import { profileOf } from "./game-reads.ts";
import { hasSeat } from "./seats.ts";

const HOUR_MS = 3_600_000;

/**
 * The thread's members are the organizer and the players holding a seat (the organizer holds
 * one from the start). Players waiting in line are not in the game yet: they join the
 * conversation with their seat. Anyone else gets 403, a missing game 404.
 */
async function threadMember(db: Queryable, gameId: number, userId: string) {
  const [game] = await db
    .select({ organizerId: games.organizerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (!(await hasSeat(db, gameId, userId))) throw forbidden(THREAD_PLAYERS_ONLY);
  return { organizerId: game.organizerId, isOrganizer: game.organizerId === userId };
}

function messagesOf(db: Queryable) {
  return db
    .select({
      id: gameMessages.id,
      body: gameMessages.body,
      createdAt: gameMessages.createdAt,
      senderId: users.id,
      firstName: users.firstName,
      profileImageUrl: users.profileImageUrl,
      nickname: playerProfiles.nickname,
      primaryPosition: playerProfiles.primaryPosition,
    })
    .from(gameMessages)
    .innerJoin(users, eq(users.id, gameMessages.senderId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, gameMessages.senderId))
    .$dynamic();
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesOf>["execute"]>>[number];

function toMessage(row: MessageRow): GameMessage {
  return {
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    sender: {
      id: row.senderId,
      firstName: row.firstName,
      profileImageUrl: row.profileImageUrl,
      profile: profileOf(row.nickname, row.primaryPosition),
    },
  };
}

/**
 * A message in the game's thread, from its organizer or a seated player. The other members are
 * told in the same transaction (New Messages decides) and open game pages append it. Nobody
 * learns the organizer's e-mail. A sender may send MESSAGES_PER_HOUR an hour (counted first).
 */
export async function sendMessage(
  db: Db,
  senderId: string,
  gameId: number,
  input: SendMessageInput,
): Promise<GameMessage> {
  const { organizerId } = await threadMember(db, gameId, senderId);
  const sent = await incrementCounter(db, `messages:user:${senderId}`, HOUR_MS);
  if (sent > MESSAGES_PER_HOUR) throw tooManyRequests(TOO_MANY_MESSAGES);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(gameMessages)
      .values({ gameId, senderId, body: input.body })
      .returning({ id: gameMessages.id });
    if (!inserted) throw new Error("message insert returned no row");
    await threadMessageSent(tx, {
      gameId,
      messageId: inserted.id,
      senderId,
      organizerId,
      body: input.body,
    });
    return inserted;
  });
  const [message] = await messagesOf(db).where(eq(gameMessages.id, row.id));
  if (!message) throw new Error("message vanished");
  return toMessage(message);
}

/**
 * The thread, newest first, a page at a time (`before` a message id). Messages sent to the
 * organizer alone before the thread existed are shown to the organizer only, a player
 * blocked either way is not heard (decision 114), and a message an operator hid is gone
 * (decision 116).
 */
export async function threadMessages(
  db: Queryable,
  userId: string,
  gameId: number,
  query: ThreadQuery,
): Promise<GameMessagePage> {
  const { isOrganizer } = await threadMember(db, gameId, userId);
  const rows = await messagesOf(db)
    .where(
      and(
        eq(gameMessages.gameId, gameId),
        isOrganizer ? undefined : eq(gameMessages.organizerOnly, false),
        isNull(gameMessages.hiddenAt),
        // A block either way hides the other's messages, whenever they were sent.
        unblockedSql(userId, gameMessages.senderId),
        query.before ? lt(gameMessages.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(gameMessages.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toMessage);
  return {
    items,
    nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null,
  };
}
