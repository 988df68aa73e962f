import type { FastifyInstance } from "fastify";
import { createSession, SESSION_COOKIE } from "../auth/sessions.ts";
import type { Queryable } from "../db/client.ts";

/**
 * A signed session cookie for an existing user, without going through sign-up (argon2 makes
 * each real sign-up cost a few hundred milliseconds; tests with hundreds of players use this).
 */
export async function sessionCookieFor(
  app: FastifyInstance,
  db: Queryable,
  userId: string,
): Promise<string> {
  const session = await createSession(db, userId);
  return `${SESSION_COOKIE}=${app.signCookie(session.sid)}`;
}
