import { desc, eq } from "drizzle-orm";
import {
  GAME_NOT_FOUND,
  type GameMessage,
  MESSAGE_TO_SELF,
  MESSAGES_PER_HOUR,
  ONLY_ORGANIZER,
  ORGANIZER_NOT_TAKING_MESSAGES,
  type SendMessageInput,
  TOO_MANY_MESSAGES,
} from "../../../common/games.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { gameMessages, games, playerProfiles, userSettings, users } from "../../db/schema.ts";
import { conflict, forbidden, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../lib/rate-limit.ts";
import { messageSent } from "./game-notices.ts";
import { profileOf } from "./game-reads.ts";

const HOUR_MS = 3_600_000;
const MESSAGES_SHOWN = 100;

async function gameOrganizer(db: Queryable, gameId: number) {
  const [game] = await db
    .select({
      organizerId: games.organizerId,
      // New Messages on unless the organizer switched it off (no settings row: the default).
      acceptsMessages: userSettings.newMessages,
    })
    .from(games)
    .leftJoin(userSettings, eq(userSettings.userId, games.organizerId))
    .where(eq(games.id, gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  return { organizerId: game.organizerId, acceptsMessages: game.acceptsMessages ?? true };
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
 * Message Organizer: the message waits on the game page for its organizer, who is notified in
 * the same transaction (bell, e-mail, push). Nobody learns the organizer's e-mail, and an
 * organizer who switched New Messages off gets none (403). A sender may send MESSAGES_PER_HOUR
 * an hour.
 */
export async function sendMessage(
  db: Db,
  senderId: string,
  gameId: number,
  input: SendMessageInput,
): Promise<GameMessage> {
  const { organizerId, acceptsMessages } = await gameOrganizer(db, gameId);
  if (organizerId === senderId) throw conflict(MESSAGE_TO_SELF);
  if (!acceptsMessages) throw forbidden(ORGANIZER_NOT_TAKING_MESSAGES);
  const sent = await incrementCounter(db, `messages:user:${senderId}`, HOUR_MS);
  if (sent > MESSAGES_PER_HOUR) throw tooManyRequests(TOO_MANY_MESSAGES);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(gameMessages)
      .values({ gameId, senderId, body: input.body })
      .returning({ id: gameMessages.id });
    if (!inserted) throw new Error("message insert returned no row");
    await messageSent(tx, {
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

/** The messages about a game, newest first: for its organizer only. */
export async function organizerMessages(
  db: Queryable,
  userId: string,
  gameId: number,
): Promise<GameMessage[]> {
  const { organizerId } = await gameOrganizer(db, gameId);
  if (organizerId !== userId) throw forbidden(ONLY_ORGANIZER);
  const rows = await messagesOf(db)
    .where(eq(gameMessages.gameId, gameId))
    .orderBy(desc(gameMessages.createdAt), desc(gameMessages.id))
    .limit(MESSAGES_SHOWN);
  return rows.map(toMessage);
}
