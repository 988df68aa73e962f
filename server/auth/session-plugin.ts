import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { unauthorized } from "../lib/http-error.ts";
import {
  createSession,
  destroySession,
  findSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type Session,
} from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Resolves the session cookie of every /api request into `request.session`. */
export const sessionPlugin = fp<{ db: Db; maxAgeMs: number }>(
  async (app: FastifyInstance, { db, maxAgeMs }) => {
    app.decorateRequest("session", null);
    app.addHook("onRequest", async (request) => {
      if (!request.url.startsWith("/api/")) return;
      request.session = await resolveSession(db, maxAgeMs, request);
    });
  },
);

function signedToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * The session a request's cookie names, or null. The hook resolves it for /api requests; a page
 * (server/modules/pages/) resolves it itself, only when it is asked for, not for every asset.
 */
export async function resolveSession(
  db: Db,
  maxAgeMs: number,
  request: FastifyRequest,
): Promise<Session | null> {
  const token = signedToken(request);
  return token ? findSession(db, token, maxAgeMs) : null;
}

export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  // Whatever session the browser held before is ended: sign-in always gets a new id.
  if (request.session) await destroySession(db, request.session.id);
  const session = await createSession(db, userId, {
    userAgent: request.headers["user-agent"],
    maxAgeMs: config.sessionMaxAgeMs,
  });
  request.session = { id: session.id, userId: session.userId, expire: session.expire };
  reply.setCookie(SESSION_COOKIE, session.sid, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    signed: true,
    maxAge: Math.floor(Math.min(SESSION_TTL_MS, config.sessionMaxAgeMs) / 1000),
  });
}

export async function endSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.session) await destroySession(db, request.session.id);
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
  });
}

/** An onRequest hook guarding a whole subtree of routes: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.session) throw unauthorized();
}

export function userIdOf(request: FastifyRequest): string {
  if (!request.session) throw unauthorized();
  return request.session.userId;
}
