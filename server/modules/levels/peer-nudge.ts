import { and, avg, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { playerRatings } from "../../db/schema.ts";
import { publish } from "../events/publish.ts";
import { nudgedByPeers } from "./model.ts";
import {
  changesOf,
  lockRatings,
  moved,
  saveChange,
  shareLevelsLock,
  writeRating,
} from "./rating-rows.ts";

/**
 * The peer ratings of one game nudge each rated player's level toward what their peers said
 * (decision 110), in the transaction that wrote the ratings. The nudge is from the mean of
 * every rating the player got in that game, read once their rating row is locked, so two
 * players rating the same one at once both count. Rated again, the game's nudge is replaced:
 * the rating moves by the difference, as a corrected result does.
 */
export async function nudgeFromPeers(
  tx: Tx,
  gameId: number,
  rateeIds: readonly string[],
): Promise<void> {
  if (rateeIds.length === 0) return;
  await shareLevelsLock(tx);
  const current = await lockRatings(tx, rateeIds);
  const r = playerRatings;
  const means = await tx
    .select({ userId: r.rateeId, mean: avg(r.rating).mapWith(Number) })
    .from(r)
    .where(and(eq(r.gameId, gameId), inArray(r.rateeId, [...current.keys()])))
    .groupBy(r.rateeId);
  const earlier = await changesOf(tx, gameId, "peers");
  for (const { userId, mean } of means) {
    const rating = current.get(userId);
    if (!rating) continue;
    const old = earlier.get(userId);
    const before = old?.before ?? rating;
    const after = nudgedByPeers(before, mean);
    const next = old ? moved(rating, old.after, after) : after;
    await writeRating(tx, { ...rating, ...next });
    await saveChange(tx, gameId, "peers", { userId, before, after });
  }
  await publish(
    tx,
    means.map(({ userId }) => ({ event: { type: "player.changed" as const }, to: { userId } })),
  );
}
