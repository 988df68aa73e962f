import { count, sql } from "drizzle-orm";
import type { Metrics } from "../../../common/metrics.ts";
import type { Queryable } from "../../db/client.ts";
import { courts, games, playerProfiles } from "../../db/schema.ts";
import { gamePlayedSql } from "../games/lifecycle.ts";

/**
 * The three counters in one round trip. A "bro" is a user with a player profile (the unique
 * user_id index answers the count); a court counts while it is active (retired courts keep
 * their games but leave the map); a game counts as played once it is over and was not
 * cancelled (gamePlayedSql) — nobody has to mark a finished pickup game.
 */
export async function countMetrics(db: Queryable): Promise<Metrics> {
  // Scalar subqueries beside the profile count: one statement, one round trip.
  const [row] = await db
    .select({
      activeUsers: count(),
      totalCourts: sql`(select count(*) from ${courts} where ${courts.isActive})`.mapWith(Number),
      gamesPlayed: sql`(select count(*) from ${games} where ${gamePlayedSql})`.mapWith(Number),
    })
    .from(playerProfiles);
  if (!row) throw new Error("the metrics query returned no row");
  return row;
}

type ReaderOptions = { maxAgeMs?: number; now?: () => number };

/**
 * Every visitor of the landing page polls the counters every 30 s. Within `maxAgeMs` all of
 * them share one answer, and callers arriving while a count runs share that count, so the
 * database sees at most one metrics query per instance per window however many people look.
 * A failed count is not kept: the next caller tries again.
 */
export function createMetricsReader(
  db: Queryable,
  { maxAgeMs = 10_000, now = () => Date.now() }: ReaderOptions = {},
): () => Promise<Metrics> {
  let cached: { value: Metrics; at: number } | undefined;
  let pending: Promise<Metrics> | undefined;
  return () => {
    if (cached && now() - cached.at < maxAgeMs) return Promise.resolve(cached.value);
    pending ??= countMetrics(db)
      .then((value) => {
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
