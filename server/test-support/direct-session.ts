import type { FastifyInstance } from "fastify";
import { createSession, SESSION_COOKIE } from "../auth/sessions.ts";
import type { Queryable } from "../db/client.ts";
import { insertPlayer } from "./game-rows.ts";

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

/** A player with a profile (insertPlayer) and a signed session cookie. */
export async function playerWithSession(
  app: FastifyInstance,
  db: Queryable,
  values: Parameters<typeof insertPlayer>[1] = {},
): Promise<{ id: string; cookie: string }> {
  const id = await insertPlayer(db, values);
  return { id, cookie: await sessionCookieFor(app, db, id) };
}

/** An API call as a browser's fetch would make it: the cookie, and JSON when there is a body. */
export function callApi(
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  cookie?: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}
