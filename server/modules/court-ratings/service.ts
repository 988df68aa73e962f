import { and, eq, sql } from "drizzle-orm";
import { COURT_CLOSED } from "../../../common/court-page.ts";
import {
  bayesianRating,
  COURT_RATINGS_PER_HOUR,
  type CourtRatingSummary,
  TOO_MANY_RATINGS,
} from "../../../common/court-ratings.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { courtRatings, courts } from "../../db/schema.ts";
import { conflict, notFound, tooManyRequests } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { COURT_NOT_FOUND } from "../courts/service.ts";

const HOUR_MS = 3_600_000;

async function playersRatings(db: Queryable, courtId: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${courtRatings.rating}), 0)::int`,
    })
    .from(courtRatings)
    .where(eq(courtRatings.courtId, courtId));
  return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
}

async function ratingOf(db: Queryable, courtId: number, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ rating: courtRatings.rating })
    .from(courtRatings)
    .where(and(eq(courtRatings.courtId, courtId), eq(courtRatings.userId, userId)));
  return row?.rating ?? null;
}

const summaryOf = (
  rating: number,
  players: { count: number; sum: number },
  mine: number | null,
): CourtRatingSummary => ({
  rating,
  count: players.count,
  playersMean: players.count > 0 ? Math.round((players.sum / players.count) * 10) / 10 : null,
  mine,
});

/** The court's rating, how many players rated it and their mean, and the viewer's own. */
export async function courtRatingSummary(
  db: Queryable,
  courtId: number,
  viewerId: string | null,
): Promise<CourtRatingSummary> {
  const [court] = await db
    .select({ rating: courts.rating })
    .from(courts)
    .where(eq(courts.id, courtId));
  if (!court) throw notFound(COURT_NOT_FOUND);
  return summaryOf(
    court.rating,
    await playersRatings(db, courtId),
    await ratingOf(db, courtId, viewerId),
  );
}

/**
 * Stores the player's rating (replacing their earlier one) and recomputes the court's rating
 * as the Bayesian average of common/court-ratings.ts, in one transaction. The court row is
 * locked first, so simultaneous ratings of one court take turns and each recomputation sees
 * every rating committed before it: the stored rating never misses one. The first player
 * rating keeps the court's rating until then as its prior (courts.rating_prior).
 */
export async function rateCourt(
  db: Db,
  userId: string,
  courtId: number,
  rating: number,
): Promise<CourtRatingSummary> {
  const rated = await incrementCounter(db, `court-ratings:user:${userId}`, HOUR_MS);
  if (rated > COURT_RATINGS_PER_HOUR) throw tooManyRequests(TOO_MANY_RATINGS);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [court] = await tx
        .select({ isActive: courts.isActive, rating: courts.rating, prior: courts.ratingPrior })
        .from(courts)
        .where(eq(courts.id, courtId))
        .for("no key update");
      if (!court) throw notFound(COURT_NOT_FOUND);
      if (!court.isActive) throw conflict(COURT_CLOSED);
      const prior = court.prior ?? court.rating;
      await tx
        .insert(courtRatings)
        .values({ courtId, userId, rating })
        .onConflictDoUpdate({
          target: [courtRatings.courtId, courtRatings.userId],
          set: { rating, updatedAt: sql`now()` },
        });
      const players = await playersRatings(tx, courtId);
      const next = bayesianRating(prior, players.sum, players.count);
      await tx
        .update(courts)
        .set({ rating: next, ratingPrior: prior })
        .where(eq(courts.id, courtId));
      return summaryOf(next, players, rating);
    }),
  );
}
