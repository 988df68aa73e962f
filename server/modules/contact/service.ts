import { desc } from "drizzle-orm";
import {
  CONTACT_MESSAGES_LIMIT,
  CONTACT_PER_HOUR,
  type ContactInput,
  type ContactMessage,
  TOO_MANY_CONTACT,
} from "../../../common/contact.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";
import { tooManyRequests } from "../../lib/http-error.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { tellOperators } from "../moderation/tell-operators.ts";
import { playerNames } from "../notifications/game-facts.ts";

const HOUR_MS = 3_600_000;

/**
 * A message from the contact form, kept for the operators. Counted per sender first: a signed-in
 * player by their id, a visitor by their address.
 */
export async function sendContactMessage(
  db: Db,
  from: { userId: string | null; ip: string },
  input: ContactInput,
): Promise<void> {
  const key = from.userId ? `contact:user:${from.userId}` : `contact:ip:${from.ip}`;
  if ((await incrementCounter(db, key, HOUR_MS)) > CONTACT_PER_HOUR) {
    throw tooManyRequests(TOO_MANY_CONTACT);
  }
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ userId: from.userId, ...input });
    await tellOperators(tx, "message", from.userId);
  });
}

/** The latest messages, newest first, with the player who sent each when one did. */
export async function latestContactMessages(db: Queryable): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_MESSAGES_LIMIT);
  const names = await playerNames(
    db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    player: r.userId ? { id: r.userId, name: names.get(r.userId) ?? "" } : null,
  }));
}
