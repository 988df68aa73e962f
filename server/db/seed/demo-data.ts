import { timeZoneAt } from "../../lib/time-zone.ts";
import type { Queryable } from "../client.ts";
import {
  courtCheckIns,
  courts,
  gameParticipants,
  gameResults,
  games,
  playerProfiles,
  playerRatings,
  users,
} from "../schema.ts";
import { planDemoCheckIns } from "./demo-check-ins.ts";
import { DEMO_COURTS } from "./demo-courts.ts";
import { DEMO_GAMES, type DemoGame } from "./demo-games.ts";
import { DEMO_EMAIL_DOMAIN, DEMO_PLAYERS } from "./demo-players.ts";
import { laDateTime, laWeekday } from "./la-time.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export function demoEmail(key: string): string {
  return `${key}@${DEMO_EMAIL_DOMAIN}`;
}

interface PlannedGame {
  game: DemoGame;
  title: string;
  scheduledAt: Date;
  createdAt: Date;
  completed: boolean;
  /** Organizer first. */
  participants: string[];
}

/** Dates, titles and participant lists of the demo games; throws on an inconsistent list. */
export function planDemoGames(now: Date): PlannedGame[] {
  const courtKeys = new Set(DEMO_COURTS.map((c) => c.key));
  const playerKeys = new Set(DEMO_PLAYERS.map((p) => p.key));
  const planned = DEMO_GAMES.map((game) => {
    const participants = [game.organizer, ...game.joined.filter((k) => k !== game.organizer)];
    const unknown = [game.court].filter((k) => !courtKeys.has(k));
    unknown.push(...participants.filter((k) => !playerKeys.has(k)));
    if (unknown.length > 0) throw new Error(`Demo game "${game.title}": unknown ${unknown}`);
    if (new Set(participants).size !== participants.length)
      throw new Error(`Demo game "${game.title}": a player is listed twice`);
    if (participants.length > game.maxPlayers)
      throw new Error(`Demo game "${game.title}": more players than maxPlayers`);
    const scheduledAt = laDateTime(now, game.dayOffset, game.hour, game.minute);
    // Organized a few days ahead, and never later than now.
    const createdAt = new Date(Math.min(scheduledAt.getTime() - 3 * DAY, now.getTime() - HOUR));
    return {
      game,
      title: game.title.replace("{day}", laWeekday(scheduledAt)),
      scheduledAt,
      createdAt,
      completed: game.dayOffset < 0,
      participants,
    };
  });
  const titles = new Set(planned.map((g) => g.title));
  const names = new Set(DEMO_COURTS.map((c) => c.name));
  if (titles.size !== planned.length || names.size !== DEMO_COURTS.length)
    throw new Error("Demo game titles and court names must be unique");
  return planned;
}

/** Per player, from the finished games: games played, courts visited, other players met. */
function playerStats(planned: PlannedGame[]) {
  const stats = new Map<string, { games: number; courts: Set<string>; bros: Set<string> }>();
  for (const { game, participants, completed } of planned) {
    if (!completed) continue;
    for (const key of participants) {
      const s = stats.get(key) ?? { games: 0, courts: new Set(), bros: new Set() };
      s.games += 1;
      s.courts.add(game.court);
      for (const other of participants) if (other !== key) s.bros.add(other);
      stats.set(key, s);
    }
  }
  return (key: string) => {
    const s = stats.get(key);
    return {
      gamesPlayed: s?.games ?? 0,
      courtsVisited: s?.courts.size ?? 0,
      brosConnected: s?.bros.size ?? 0,
    };
  };
}

/**
 * Inserts the demo set — real LA courts, a dozen players without credentials, upcoming and
 * finished games with their participants — in one transaction. It does not check whether
 * the database is empty; seedIfEmpty does. Dates are relative to `now`.
 */
export async function seedDemoData(db: Queryable, now: Date = new Date()): Promise<void> {
  const planned = planDemoGames(now);
  const statsOf = playerStats(planned);
  await db.transaction(async (tx) => {
    const courtRows = await tx
      .insert(courts)
      .values(
        DEMO_COURTS.map((c) => ({
          name: c.name,
          address: c.address,
          latitude: c.latitude,
          longitude: c.longitude,
          timeZone: timeZoneAt(c.latitude, c.longitude),
          isIndoor: c.isIndoor,
          courtType: c.isIndoor ? "indoor" : "outdoor",
          numberOfCourts: c.numberOfCourts,
          lighting: c.lighting,
          freeToPlay: c.freeToPlay,
          rating: c.rating,
          description: c.description,
          amenities: c.amenities,
        })),
      )
      .returning({ id: courts.id, name: courts.name });
    // Matched by value: PostgreSQL does not promise RETURNING rows in VALUES order.
    const courtIdByName = new Map(courtRows.map((r) => [r.name, r.id]));
    const courtId = new Map(DEMO_COURTS.map((c) => [c.key, courtIdByName.get(c.name) as number]));

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_PLAYERS.map((p) => ({
          email: demoEmail(p.key),
          firstName: p.firstName,
          lastName: p.lastName,
          hasCompletedOnboarding: true,
          latitude: p.latitude,
          longitude: p.longitude,
          city: "Los Angeles",
          state: "CA",
          country: "US",
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userIdByEmail = new Map(userRows.map((r) => [r.email, r.id]));
    const userId = new Map(DEMO_PLAYERS.map((p) => [p.key, userIdByEmail.get(demoEmail(p.key))]));

    await tx.insert(playerProfiles).values(
      DEMO_PLAYERS.map((p) => {
        const [skillHandles, skillShot, skillIq, skillVert, skillDefense] = p.skills;
        return {
          userId: userId.get(p.key) as string,
          nickname: p.nickname,
          primaryPosition: p.primaryPosition,
          secondaryPosition: p.secondaryPosition,
          skillHandles,
          skillShot,
          skillIq,
          skillVert,
          skillDefense,
          location: p.area,
          isAvailable: p.isAvailable,
          ...statsOf(p.key),
        };
      }),
    );

    const gameRows = await tx
      .insert(games)
      .values(
        planned.map((g) => ({
          courtId: courtId.get(g.game.court) as number,
          organizerId: userId.get(g.game.organizer) as string,
          title: g.title,
          scheduledAt: g.scheduledAt,
          maxPlayers: g.game.maxPlayers,
          // The one writer of currentPlayers outside the games service: set equal to the
          // participant rows inserted just below, in the same transaction.
          currentPlayers: g.participants.length,
          status: "open",
          gameType: "pickup",
          createdAt: g.createdAt,
        })),
      )
      .returning({ id: games.id, title: games.title });
    const gameIdByTitle = new Map(gameRows.map((r) => [r.title, r.id]));

    await tx.insert(gameParticipants).values(
      planned.flatMap((g) =>
        g.participants.map((key, order) => ({
          gameId: gameIdByTitle.get(g.title) as number,
          userId: userId.get(key) as string,
          status: order === 0 ? "confirmed" : "joined",
          team: g.completed && g.game.score ? teamOf(order) : null,
          // The organizer first, then the others over the following hours, all before the game.
          joinedAt: new Date(
            Math.min(
              g.createdAt.getTime() + order * 2 * HOUR,
              g.scheduledAt.getTime(),
              now.getTime(),
            ),
          ),
        })),
      ),
    );

    await tx.insert(courtCheckIns).values(
      planDemoCheckIns(now).map((c) => ({
        courtId: courtId.get(c.court) as number,
        userId: userId.get(c.player) as string,
        checkedInAt: c.at,
        checkedOutAt: new Date(c.at.getTime() + c.minutes * 60_000),
      })),
    );

    const decided = planned.filter((g) => g.completed && g.game.score);
    if (decided.length === 0) return;
    await tx.insert(gameResults).values(
      decided.map((g) => {
        const [teamAScore, teamBScore] = g.game.score as readonly [number, number];
        return {
          gameId: gameIdByTitle.get(g.title) as number,
          teamAScore,
          teamBScore,
          recordedBy: userId.get(g.game.organizer) as string,
          recordedAt: new Date(g.scheduledAt.getTime() + 2 * HOUR),
        };
      }),
    );
    await tx.insert(playerRatings).values(
      decided.flatMap((g) =>
        demoRatings(
          gameIdByTitle.get(g.title) as number,
          g.participants.map((key) => userId.get(key) as string),
        ),
      ),
    );
  });
}

/** Seats alternate between the teams: the organizer on A, the next player on B, and so on. */
const teamOf = (order: number) => (order % 2 === 0 ? "A" : "B");

/** Each player of a decided game rates the next two in the list, 3 to 5, deterministically. */
function demoRatings(gameId: number, participantIds: readonly string[]) {
  return participantIds.flatMap((raterId, i) =>
    [1, 2].map((step) => ({
      gameId,
      raterId,
      rateeId: participantIds[(i + step) % participantIds.length] as string,
      rating: 3 + ((i + step) % 3),
    })),
  );
}
