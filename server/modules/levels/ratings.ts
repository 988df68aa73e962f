import { eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { playerProfiles, skillRatings, users } from "../../db/schema.ts";
import { type SkillRating, startingRating } from "./model.ts";

/** A player's five self-rated skills, null without a profile (player_profiles left-joined). */
export const selfRatedSkillsSql = sql<number[] | null>`case when ${playerProfiles.userId} is null
  then null else array[${playerProfiles.skillHandles}, ${playerProfiles.skillShot},
  ${playerProfiles.skillIq}, ${playerProfiles.skillVert}, ${playerProfiles.skillDefense}] end`;

export type PlayerRating = SkillRating & { userId: string; games: number };

/**
 * The players' ratings in one statement: the learned one, or for a player with no result yet
 * where their self-rated skills start them (the average without a profile). Every id asked for
 * is in the answer.
 */
export async function ratingsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, PlayerRating>> {
  const ids = [...new Set(userIds)];
  const ratings = new Map<string, PlayerRating>();
  if (ids.length === 0) return ratings;
  const rows = await db
    .select({
      userId: users.id,
      mu: skillRatings.mu,
      sigma: skillRatings.sigma,
      games: skillRatings.games,
      skills: selfRatedSkillsSql,
    })
    .from(users)
    .leftJoin(skillRatings, eq(skillRatings.userId, users.id))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  for (const row of rows) {
    const { userId, mu, sigma, games } = row;
    ratings.set(
      userId,
      mu !== null && sigma !== null
        ? { userId, mu, sigma, games: games ?? 0 }
        : { userId, ...startingRating(row.skills), games: 0 },
    );
  }
  for (const userId of ids) {
    if (!ratings.has(userId)) ratings.set(userId, { userId, ...startingRating(null), games: 0 });
  }
  return ratings;
}
