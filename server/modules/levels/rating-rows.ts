import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client.ts";
import { skillRatingChanges, skillRatings } from "../../db/schema.ts";
import type { SkillRating } from "./model.ts";
import { type PlayerRating, ratingsOf } from "./ratings.ts";

/**
 * Every rating write takes this advisory lock shared, the recompute takes it exclusively
 * (decision 110): results and peer nudges run beside each other, and never beside a recompute,
 * which rewrites every rating and change.
 */
const LEVELS_LOCK_ID = 7_240_314;

export async function shareLevelsLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LEVELS_LOCK_ID})`);
}

export async function takeLevelsLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEVELS_LOCK_ID})`);
}

export type Source = "result" | "peers";

/**
 * The players' rating rows, locked for the rest of the transaction. Missing rows are made first
 * from where the self-rating starts them; then every row is locked in user-id order, so two
 * games sharing players take their locks in the same order and the second waits for the first
 * (no lost update, no deadlock). The answer is the rows as they are once locked.
 */
export async function lockRatings(
  tx: Tx,
  userIds: readonly string[],
): Promise<Map<string, PlayerRating>> {
  const ids = [...new Set(userIds)].sort();
  const locked = new Map<string, PlayerRating>();
  if (ids.length === 0) return locked;
  const starts = await ratingsOf(tx, ids);
  // In id order too: two transactions inserting the same new rows wait for each other in order.
  await tx
    .insert(skillRatings)
    .values(
      ids.map((userId) => {
        const { mu, sigma } = starts.get(userId) as PlayerRating;
        return { userId, mu, sigma };
      }),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({
      userId: skillRatings.userId,
      mu: skillRatings.mu,
      sigma: skillRatings.sigma,
      games: skillRatings.games,
    })
    .from(skillRatings)
    .where(inArray(skillRatings.userId, ids))
    .orderBy(skillRatings.userId)
    .for("update");
  for (const row of rows) locked.set(row.userId, row);
  return locked;
}

export async function writeRating(tx: Tx, rating: PlayerRating): Promise<void> {
  await tx
    .update(skillRatings)
    .set({ mu: rating.mu, sigma: rating.sigma, games: rating.games, updatedAt: sql`now()` })
    .where(eq(skillRatings.userId, rating.userId));
}

export type Change = { userId: string; before: SkillRating; after: SkillRating };

/** What one source of one game did to each player's rating so far. */
export async function changesOf(
  db: Queryable,
  gameId: number,
  source: Source,
): Promise<Map<string, Change>> {
  const c = skillRatingChanges;
  const rows = await db
    .select()
    .from(c)
    .where(and(eq(c.gameId, gameId), eq(c.source, source)));
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        userId: r.userId,
        before: { mu: r.muBefore, sigma: r.sigmaBefore },
        after: { mu: r.muAfter, sigma: r.sigmaAfter },
      },
    ]),
  );
}

/** Stores a game's change to a player's rating, replacing the one it had from that source. */
export async function saveChange(
  tx: Tx,
  gameId: number,
  source: Source,
  change: Change,
): Promise<void> {
  const values = {
    muBefore: change.before.mu,
    sigmaBefore: change.before.sigma,
    muAfter: change.after.mu,
    sigmaAfter: change.after.sigma,
  };
  await tx
    .insert(skillRatingChanges)
    .values({ gameId, userId: change.userId, source, ...values })
    .onConflictDoUpdate({
      target: [skillRatingChanges.gameId, skillRatingChanges.userId, skillRatingChanges.source],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function dropChanges(
  tx: Tx,
  gameId: number,
  source: Source,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const c = skillRatingChanges;
  await tx
    .delete(c)
    .where(and(eq(c.gameId, gameId), eq(c.source, source), inArray(c.userId, [...userIds])));
}

/**
 * A rating moved by the difference between a game's new and old effect: μ by the difference,
 * σ by the ratio (it stays positive). Exact when that game was the player's latest change;
 * otherwise later games keep what they did on the old numbers, until a recompute.
 */
export function moved(current: SkillRating, from: SkillRating, to: SkillRating): SkillRating {
  return { mu: current.mu + (to.mu - from.mu), sigma: current.sigma * (to.sigma / from.sigma) };
}
