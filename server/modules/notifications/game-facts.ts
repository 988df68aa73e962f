import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { courts, games, playerProfiles, users } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";
import type { GameFacts } from "./kinds.ts";

export type GameNoticeFacts = GameFacts & {
  gameId: number;
  courtId: number;
  organizerId: string;
  courtAddress: string | null;
  scheduledAt: Date;
};

/** What a game without a title is called in notifications. */
export const UNTITLED_GAME = "Pickup game";

/** A game as notifications describe it; its time is told in the court's zone. */
export async function gameFacts(tx: Queryable, gameId: number): Promise<GameNoticeFacts | null> {
  const [row] = await tx
    .select({
      gameId: games.id,
      title: games.title,
      scheduledAt: games.scheduledAt,
      organizerId: games.organizerId,
      courtId: courts.id,
      courtName: courts.name,
      courtAddress: courts.address,
      latitude: courts.latitude,
      longitude: courts.longitude,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(eq(games.id, gameId));
  if (!row) return null;
  return {
    gameId: row.gameId,
    courtId: row.courtId,
    organizerId: row.organizerId,
    gameTitle: row.title || UNTITLED_GAME,
    courtName: row.courtName,
    courtAddress: row.courtAddress,
    scheduledAt: row.scheduledAt,
    startsAt: row.scheduledAt.toISOString(),
    timeZone: timeZoneAt(row.latitude, row.longitude),
  };
}

/** The GameFacts part of a payload. */
export const factsPayload = (facts: GameNoticeFacts): GameFacts => ({
  gameTitle: facts.gameTitle,
  courtName: facts.courtName,
  startsAt: facts.startsAt,
  timeZone: facts.timeZone,
});

export const SOMEONE = "A player";

/** Players as others see them: nickname, else first name, else 'A player'. */
export async function playerNames(
  tx: Queryable,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, nickname: playerProfiles.nickname })
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  for (const row of rows) names.set(row.id, row.nickname || row.firstName || SOMEONE);
  return names;
}

export async function playerName(tx: Queryable, userId: string): Promise<string> {
  return (await playerNames(tx, [userId])).get(userId) ?? SOMEONE;
}
