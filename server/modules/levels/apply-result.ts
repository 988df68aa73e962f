import type { Tx } from "../../db/client.ts";
import { publish } from "../events/publish.ts";
import { rateResult, type SkillRating } from "./model.ts";
import {
  type Change,
  changesOf,
  dropChanges,
  lockRatings,
  moved,
  saveChange,
  shareLevelsLock,
  writeRating,
} from "./rating-rows.ts";

export type Teams = Readonly<Record<string, "A" | "B">>;

/**
 * A recorded result moves its players' ratings, in the result's own transaction (decision 110).
 * The first recording rates the teams from the players' ratings now. Recording again (a
 * correction) rates the new teams from the ratings each player had before this game (kept in
 * skill_rating_changes) and moves each rating by the difference between the new and the old
 * effect; a player no longer in the result gets the old effect taken back. That is exact for
 * this game's own change; games recorded since keep what they did on the old numbers until a
 * recompute (recompute.ts) replays every result in order.
 */
export async function applyResult(
  tx: Tx,
  gameId: number,
  teams: Teams,
  winner: "A" | "B",
): Promise<void> {
  await shareLevelsLock(tx);
  const earlier = await changesOf(tx, gameId, "result");
  const current = await lockRatings(tx, [...Object.keys(teams), ...earlier.keys()]);
  const ratingOf = (userId: string) => {
    const rating = current.get(userId);
    if (!rating) throw new Error(`no rating row for ${userId} after locking it`);
    return rating;
  };
  // A player already rated by this game starts from where they were before it.
  const before = (userId: string): SkillRating => earlier.get(userId)?.before ?? ratingOf(userId);

  const afters = rateResult(teams, before, winner);

  for (const [userId, after] of afters) {
    const rating = ratingOf(userId);
    const old = earlier.get(userId);
    const next = old
      ? { ...rating, ...moved(rating, old.after, after) }
      : { ...rating, mu: after.mu, sigma: after.sigma, games: rating.games + 1 };
    const change: Change = { userId, before: before(userId), after };
    await writeRating(tx, next);
    await saveChange(tx, gameId, "result", change);
  }
  const gone = [...earlier.values()].filter((change) => !afters.has(change.userId));
  for (const change of gone) {
    const rating = ratingOf(change.userId);
    const back = moved(rating, change.after, change.before);
    await writeRating(tx, { ...rating, ...back, games: rating.games - 1 });
  }
  await dropChanges(
    tx,
    gameId,
    "result",
    gone.map((c) => c.userId),
  );
  // Each player's level changed: their other pages and devices refetch it.
  await publish(
    tx,
    [...afters.keys(), ...gone.map((c) => c.userId)].map((userId) => ({
      event: { type: "player.changed" as const },
      to: { userId },
    })),
  );
}
