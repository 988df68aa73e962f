import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * A browser that signed in to an account before carries a signed "known device" cookie naming
 * that account (OWASP's device cookies). Its sign-in attempts are counted on their own, so
 * strangers guessing at an account never lock its owner out of their own browser.
 */
export const KNOWN_DEVICE_COOKIE = "bwb_device";
const ONE_YEAR_S = 365 * 24 * 60 * 60;
// Only the sign-in form reads it: no other request needs to carry it.
const COOKIE_PATH = "/api/login";

export interface KnownDevice {
  userId: string;
  /** Random per sign-in: the key its attempts are counted under. */
  id: string;
}

export function readKnownDevice(request: FastifyRequest): KnownDevice | undefined {
  const raw = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [userId, id, ...rest] = unsigned.value.split(":");
  if (!userId || !id || rest.length > 0) return undefined;
  return { userId, id };
}

export function rememberDevice(reply: FastifyReply, config: Config, userId: string): void {
  const id = randomBytes(16).toString("base64url");
  reply.setCookie(KNOWN_DEVICE_COOKIE, `${userId}:${id}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    signed: true,
    maxAge: ONE_YEAR_S,
  });
}
