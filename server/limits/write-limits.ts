import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { consumeLimit, type Limit } from "./rate-limit.ts";

const HOUR_MS = 60 * 60 * 1000;

export const TOO_MANY_WRITES = "You're doing that too often. Please wait a little and try again.";

/**
 * Writes one signed-in player may make per area per hour: far above what anyone playing makes
 * (a busy organizer creates a game, records a result and rates ten players), low enough that a
 * script cannot fill the tables. Counted in PostgreSQL, so every instance shares the budget.
 * An area is the first path segment after /api/ ("games", "courts", "user", …), so routes added
 * later are covered without being listed here.
 */
export const WRITE_LIMITS = {
  default: { max: 200, windowMs: HOUR_MS },
  // Each check-in is a row; flipping between courts is the cheapest flood there is.
  checkins: { max: 60, windowMs: HOUR_MS },
} satisfies Record<string, Limit>;
const limitOf = (area: string): Limit =>
  (WRITE_LIMITS as Record<string, Limit | undefined>)[area] ?? WRITE_LIMITS.default;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
// Signing in and out have limits of their own (and sign-out must always work).
const UNCOUNTED = new Set(["login", "logout", "signup", "callback"]);
// Areas spelled by more than one segment.
const ALIASES: Record<string, string> = { checkin: "checkins", checkout: "checkins" };

/** The area a request's path writes to, or undefined when it is not a counted API write. */
export function writeAreaOf(method: string, url: string): string | undefined {
  if (READS.has(method) || !url.startsWith("/api/")) return undefined;
  const segment = url.slice(5).split(/[/?#]/, 1)[0]?.toLowerCase() ?? "";
  if (!segment || UNCOUNTED.has(segment)) return undefined;
  return ALIASES[segment] ?? segment;
}

/**
 * One onRequest hook for every write of a signed-in player (after the session is known):
 * counted before the route runs, so a write the route refuses counts too; 429 with Retry-After
 * past the area's limit.
 */
export function writeLimitHook(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.session) return;
    const area = writeAreaOf(request.method, request.url);
    if (!area) return;
    const key = `writes:${area}:${request.session.userId}`;
    await consumeLimit(db, key, limitOf(area), TOO_MANY_WRITES);
  };
}
