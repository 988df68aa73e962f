import { and, asc, eq, gt, notInArray } from "drizzle-orm";
import { UPCOMING_GAMES_LIMIT, type UpcomingGame } from "../../../common/players.ts";
import type { Queryable } from "../../db/client.ts";
import { courts, games } from "../../db/schema.ts";

/** Games that will not be played. */
const FINISHED = ["cancelled", "completed"];

/**
 * The next games anyone can join, soonest first, at active courts: the dashboard's Upcoming
 * Games. Read-only; the games issue owns games and will serve this as GET /api/games/upcoming.
 */
export async function upcomingGames(
  db: Queryable,
  now: Date = new Date(),
  limit = UPCOMING_GAMES_LIMIT,
): Promise<UpcomingGame[]> {
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      status: games.status,
      scheduledAt: games.scheduledAt,
      courtName: courts.name,
      courtAddress: courts.address,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
      gameType: games.gameType,
      organizerId: games.organizerId,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        gt(games.scheduledAt, now),
        notInArray(games.status, FINISHED),
        eq(courts.isActive, true),
      ),
    )
    .orderBy(asc(games.scheduledAt), asc(games.id))
    .limit(limit);
  return rows.map(({ courtName, courtAddress, scheduledAt, ...game }) => ({
    ...game,
    scheduledAt: scheduledAt.toISOString(),
    court: { name: courtName, address: courtAddress },
  }));
}
