import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import {
  courts,
  gameParticipants,
  gameResults,
  games,
  playerProfiles,
  playerRatings,
  users,
} from "../db/schema.ts";
import { timeZoneAt } from "../lib/time-zone.ts";

/**
 * Rows for tests of games, stats, badges and leaderboards, written straight to the tables so a
 * test can place games in the past (the API only schedules future ones). Each keeps the rules
 * the games service keeps: the organizer holds a seat and currentPlayers counts the seats.
 */

const HOUR = 3_600_000;

export async function insertPlayer(
  db: Queryable,
  values: Partial<typeof users.$inferInsert> & {
    nickname?: string | null;
    primaryPosition?: string;
  } = {},
): Promise<string> {
  const { nickname = "Hooper", primaryPosition = "Point Guard", ...user } = values;
  const [row] = await db
    .insert(users)
    .values({ firstName: "Player", ...user })
    .returning({ id: users.id });
  if (!row) throw new Error("insert returned no user");
  if (nickname !== null) {
    await db.insert(playerProfiles).values({ userId: row.id, nickname, primaryPosition });
  }
  return row.id;
}

/** `n` bare users (no profile), as many players pressing a button at once. */
export async function insertUsers(db: Queryable, n: number): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ firstName: `Racer ${i}` })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function insertCourtRow(
  db: Queryable,
  values: Partial<typeof courts.$inferInsert> = {},
): Promise<number> {
  const place = { latitude: 34.05, longitude: -118.25, ...values };
  const [row] = await db
    .insert(courts)
    .values({
      name: "Test Court",
      timeZone: timeZoneAt(place.latitude, place.longitude),
      ...place,
    })
    .returning({ id: courts.id });
  if (!row) throw new Error("insert returned no court");
  return row.id;
}

type GameOptions = {
  courtId: number;
  organizerId: string;
  /** Other players holding seats. */
  players?: string[];
  /** Start, in hours from now: negative for a game in the past. */
  startsInHours: number;
} & Partial<Omit<typeof games.$inferInsert, "courtId" | "organizerId" | "scheduledAt">>;

/** A game with its seats: the organizer's (confirmed) and the players' (joined). */
export async function insertGameWithPlayers(db: Queryable, options: GameOptions): Promise<number> {
  const { courtId, organizerId, players = [], startsInHours, ...rest } = options;
  const seats = [organizerId, ...players];
  const [game] = await db
    .insert(games)
    .values({
      courtId,
      organizerId,
      scheduledAt: new Date(Date.now() + startsInHours * HOUR),
      maxPlayers: Math.max(10, seats.length),
      ...rest,
      currentPlayers: seats.length,
    })
    .returning({ id: games.id });
  if (!game) throw new Error("insert returned no game");
  await db.insert(gameParticipants).values(
    seats.map((userId, i) => ({
      gameId: game.id,
      userId,
      status: i === 0 ? "confirmed" : "joined",
    })),
  );
  return game.id;
}

/** Records a result as the organizer would: scores, and each seat's team. */
export async function insertResult(
  db: Queryable,
  gameId: number,
  result: { teamA: string[]; teamB: string[]; teamAScore: number; teamBScore: number },
): Promise<void> {
  const [game] = await db
    .select({ organizerId: games.organizerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw new Error(`no game ${gameId}`);
  await db.insert(gameResults).values({
    gameId,
    teamAScore: result.teamAScore,
    teamBScore: result.teamBScore,
    recordedBy: game.organizerId,
  });
  for (const [team, ids] of [
    ["A", result.teamA],
    ["B", result.teamB],
  ] as const) {
    if (ids.length === 0) continue;
    await db
      .update(gameParticipants)
      .set({ team })
      .where(and(eq(gameParticipants.gameId, gameId), inArray(gameParticipants.userId, ids)));
  }
}

export async function insertRating(
  db: Queryable,
  values: { gameId: number; raterId: string; rateeId: string; rating: number },
): Promise<void> {
  await db.insert(playerRatings).values(values);
}

/**
 * A played game with a result: `winners` on team A beating `losers` on team B, organized by
 * the first winner unless told otherwise, starting `startsInHours` from now (negative and
 * at least the game's duration ago for a game that is over). Returns the game id.
 */
export async function insertDecidedGame(
  db: Queryable,
  options: {
    courtId: number;
    winners: string[];
    losers: string[];
    startsInHours: number;
    organizerId?: string;
  },
): Promise<number> {
  const { courtId, winners, losers, startsInHours } = options;
  const organizerId = options.organizerId ?? winners[0] ?? losers[0];
  if (!organizerId) throw new Error("a decided game needs players");
  const seats = [...winners, ...losers].filter((id) => id !== organizerId);
  const gameId = await insertGameWithPlayers(db, {
    courtId,
    organizerId,
    players: seats,
    startsInHours,
  });
  await insertResult(db, gameId, { teamA: winners, teamB: losers, teamAScore: 21, teamBScore: 15 });
  return gameId;
}
