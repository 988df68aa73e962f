import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Queryable } from "../db/client.ts";
import { HttpError } from "../lib/http-error.ts";
import {
  type CounterHitRow,
  consumeLimit,
  counterHitSql,
  hitOf,
  type Limit,
  refuseOverLimit,
} from "./rate-limit.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route counts its write inside its own transaction (countedWrite): one statement and,
     * on PostgreSQL, one commit fewer than the hook's own counting.
     */
    countsWriteInTransaction?: boolean;
  }
}

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
 * Counts one hit of a write, on the database or inside a transaction; 429 past the limit.
 * `inStatement`, when given, is the same count for the caller to fold into its transaction's
 * first statement instead (one round trip fewer): `hit()` as a data-modifying CTE, then
 * `refuse` with the row it returned.
 */
export type WriteCount = ((db: Queryable) => Promise<unknown>) & {
  inStatement?: {
    /** The hit of the player `userId` names, an expression over `from` (a CTE). */
    hit: (userId: SQL, from: SQL) => SQL;
    refuse: (row: CounterHitRow | undefined) => void;
  };
};

// Writes of routes that count them in their transaction, until that transaction commits.
const pending = new WeakMap<FastifyRequest, { count: WriteCount; counted: boolean }>();

/**
 * One onRequest hook for every write of a signed-in player (after the session is known):
 * counted before the route runs, 429 with Retry-After past the area's limit. A route marked
 * `countsWriteInTransaction` (or whose session its transaction resolves, session-plugin.ts)
 * counts it in its transaction instead (countedWrite); if that transaction does not commit
 * (the route refused, or failed before it), `writeLimitOnSend` counts it then, so every write
 * request of a signed-in player still counts once.
 */
export function writeLimitHook(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.session && !request.sessionToResolve) return;
    const area = writeAreaOf(request.method, request.url);
    if (!area) return;
    const prefix = `writes:${area}:`;
    const limit = limitOf(area);
    // The player is known here, or once their route's transaction found the session (read
    // alone when the route failed before its transaction: a refused write counts too).
    const count: WriteCount = async (on) => {
      const userId = request.session?.userId ?? (await request.sessionToResolve?.read())?.userId;
      if (userId) await consumeLimit(on, `${prefix}${userId}`, limit, TOO_MANY_WRITES);
    };
    if (request.routeOptions.config.countsWriteInTransaction || request.sessionToResolve) {
      count.inStatement = {
        // Built when the transaction runs: a retried transaction counts with a fresh clock.
        hit: (userId, from) =>
          counterHitSql(sql`${prefix}::text || ${userId}`, limit.windowMs, from),
        refuse: (row) => refuseOverLimit(hitOf(row, limit.windowMs), limit, TOO_MANY_WRITES),
      };
      pending.set(request, { count, counted: false });
      return;
    }
    await count(db);
  };
}

/** The onSend half of writeLimitHook: counts a write whose transaction never committed. */
export function writeLimitOnSend(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const write = pending.get(request);
    if (!write || write.counted) return payload;
    write.counted = true;
    try {
      await write.count(db);
    } catch (error) {
      // The answer is decided already (an error); past the limit it only counts.
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
    }
    return payload;
  };
}

/**
 * Runs a route's write with the request's count, for `work` to run first in its transaction;
 * once `work` resolves (its transaction committed) the write is counted. Without a count (a
 * route not marked, no session) the count does nothing.
 */
export async function countedWrite<T>(
  request: FastifyRequest,
  work: (count: WriteCount) => Promise<T>,
): Promise<T> {
  const write = pending.get(request);
  if (!write) return work(async () => {});
  const result = await work(write.count);
  write.counted = true;
  return result;
}
