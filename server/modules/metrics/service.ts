import { count, sql } from "drizzle-orm";
import type { Metrics } from "../../../common/metrics.ts";
import type { Queryable } from "../../db/client.ts";
import { gamePlayedSql } from "../../db/game-lifecycle.ts";
import { courts, games, playerProfiles } from "../../db/schema.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";

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
 * them share one answer (server/lib/shared-answers.ts), so the database sees at most one
 * metrics query per instance per window however many people look.
 */
export function createMetricsReader(
  db: Queryable,
  { maxAgeMs = 10_000, now }: ReaderOptions = {},
): () => Promise<Metrics> {
  const answers = sharedAnswers(() => countMetrics(db), { maxAgeMs, now });
  return () => answers.read();
}
