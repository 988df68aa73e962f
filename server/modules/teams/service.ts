import { and, asc, eq, sql } from "drizzle-orm";
import { GAME_CANCELLED, GAME_NOT_FOUND, playerName } from "../../../common/games.ts";
import { levelOf } from "../../../common/levels.ts";
import {
  type GameTeams,
  type KeepTogetherInput,
  outOfDateText,
  TEAM_NAMES,
  TEAMS_GAME_OVER,
  TEAMS_NOT_ALLOWED,
  TEAMS_SETTINGS_ORGANIZER,
  type TeamName,
  type TeamPlayer,
  type TeamSettingsInput,
  TOGETHER_PARTNER_NOT_SEATED,
  TOGETHER_SEATED_ONLY,
  TOGETHER_SELF,
} from "../../../common/teams.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { lockGame } from "../../db/game-lock.ts";
import { showsStatsSql } from "../../db/privacy-conditions.ts";
import {
  gameParticipants,
  games,
  gameTeamPairs,
  gameTeamSettings,
  gameTeams,
  playerProfiles,
  users,
} from "../../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { gameChanged, publish } from "../events/publish.ts";
import { startingRating } from "../levels/model.ts";
import { ratingsOf } from "../levels/ratings.ts";
import { bestSplit, shownPercent, teamChance } from "./split.ts";

/** The caller and the game, as every teams call needs them. */
type Standing = {
  status: string;
  courtId: number;
  /** The organizer, or a co-organizer of the run the game is a date of (decision 104). */
  organizes: boolean;
  seated: boolean;
  playersMakeTeams: boolean;
};

async function standingOf(db: Queryable, userId: string, gameId: number): Promise<Standing> {
  const [row] = await db
    .select({
      status: gameStatusSql,
      courtId: games.courtId,
      organizes: sql<boolean>`(${games.organizerId} = ${userId} or exists (
        select 1 from run_organizers o where o.run_id = ${games.runId} and o.user_id = ${userId}))`,
      seated: sql<boolean>`exists (select 1 from ${gameParticipants}
        where ${gameParticipants.gameId} = ${games.id} and ${gameParticipants.userId} = ${userId})`,
      playersMakeTeams: sql<boolean>`coalesce((select ${gameTeamSettings.playersMakeTeams}
        from ${gameTeamSettings} where ${gameTeamSettings.gameId} = ${games.id}), false)`,
    })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw notFound(GAME_NOT_FOUND);
  return row;
}

const mayMake = (s: Standing) => s.organizes || (s.seated && s.playersMakeTeams);
const isOver = (s: Standing) => s.status === "cancelled" || s.status === "completed";

function refuseWhenOver(standing: Standing): void {
  if (standing.status === "cancelled") throw conflict(GAME_CANCELLED);
  if (standing.status === "completed") throw conflict(TEAMS_GAME_OVER);
}

/** The seated players in seat order, with what a team shows of them. */
async function seatsOf(db: Queryable, gameId: number) {
  return db
    .select({
      userId: gameParticipants.userId,
      firstName: users.firstName,
      nickname: playerProfiles.nickname,
      position: playerProfiles.primaryPosition,
      showsStats: showsStatsSql(gameParticipants.userId),
    })
    .from(gameParticipants)
    .innerJoin(users, eq(users.id, gameParticipants.userId))
    .leftJoin(playerProfiles, eq(playerProfiles.userId, gameParticipants.userId))
    .where(eq(gameParticipants.gameId, gameId))
    .orderBy(asc(gameParticipants.joinedAt), asc(gameParticipants.userId));
}

/** The keep-together pairs whose two players both hold a seat now. */
async function seatedPairs(db: Queryable, gameId: number): Promise<[string, string][]> {
  const rows = await db
    .select({ userId: gameTeamPairs.userId, partnerId: gameTeamPairs.partnerId })
    .from(gameTeamPairs)
    .where(
      and(
        eq(gameTeamPairs.gameId, gameId),
        sql`exists (select 1 from ${gameParticipants} p where p.game_id = ${gameId}
          and p.user_id = ${gameTeamPairs.userId})`,
        sql`exists (select 1 from ${gameParticipants} p where p.game_id = ${gameId}
          and p.user_id = ${gameTeamPairs.partnerId})`,
      ),
    );
  return rows.map((r) => [r.userId, r.partnerId]);
}

/**
 * GET /api/games/{id}/teams: the current teams of seated players, each player's level and the
 * playing teams' chances on today's ratings, and whether the seats changed since. The game's
 * organizer and seated players only: levels are theirs to see (a player who keeps their stats
 * private shows none to others). Anyone else signed in gets no teams.
 */
export async function teamsOf(db: Queryable, userId: string, gameId: number): Promise<GameTeams> {
  const standing = await standingOf(db, userId, gameId);
  if (!standing.organizes && !standing.seated) {
    // Nothing of the teams for others, but no error either: a player who has just left still
    // has the page open, and its refresh races the seat list that tells it they left.
    const [count] = await db
      .select({ seats: sql<number>`count(*)::int` })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, gameId));
    return {
      teams: [],
      madeAt: null,
      outOfDate: null,
      seats: count?.seats ?? 0,
      playersMakeTeams: standing.playersMakeTeams,
      canMake: false,
      canChangeSettings: false,
      partnerId: null,
    };
  }
  const [seats, rows, partner] = await Promise.all([
    seatsOf(db, gameId),
    db
      .select({ userId: gameTeams.userId, team: gameTeams.team, madeAt: gameTeams.madeAt })
      .from(gameTeams)
      .where(eq(gameTeams.gameId, gameId)),
    db
      .select({ partnerId: gameTeamPairs.partnerId })
      .from(gameTeamPairs)
      .where(and(eq(gameTeamPairs.gameId, gameId), eq(gameTeamPairs.userId, userId))),
  ]);
  const teamOf = new Map(rows.map((r) => [r.userId, r.team as TeamName]));
  const seated = new Set(seats.map((s) => s.userId));
  const ratings = await ratingsOf(db, [...seated]);
  const players = (team: TeamName): TeamPlayer[] =>
    seats
      .filter((s) => teamOf.get(s.userId) === team)
      .map((s) => {
        const rating = ratings.get(s.userId);
        const shown = rating && (s.showsStats || s.userId === userId);
        return {
          userId: s.userId,
          name: playerName({
            firstName: s.firstName,
            profile: s.nickname
              ? { nickname: s.nickname, primaryPosition: s.position ?? "" }
              : null,
          }),
          level: shown ? levelOf(rating.mu) : null,
          position: s.position,
        };
      });
  const rated = (team: TeamName) =>
    seats.flatMap((s) => {
      const rating = ratings.get(s.userId);
      return teamOf.get(s.userId) === team && rating ? [rating] : [];
    });
  const chanceA = shownPercent(teamChance(rated("A"), rated("B")));
  const teams = TEAM_NAMES.flatMap((team) => {
    const members = players(team);
    if (team === "C" && members.length === 0) return [];
    if (rows.length === 0) return [];
    const chance = team === "A" ? chanceA : team === "B" ? 100 - chanceA : null;
    return [{ team, players: members, chance }];
  });
  const added = seats.filter((s) => !teamOf.has(s.userId)).length;
  const left = rows.filter((r) => !seated.has(r.userId)).length;
  const madeAt = rows.reduce<Date | null>((at, r) => (at && at > r.madeAt ? at : r.madeAt), null);
  return {
    teams,
    madeAt: madeAt?.toISOString() ?? null,
    outOfDate: rows.length === 0 ? null : outOfDateText(added, left),
    seats: seats.length,
    playersMakeTeams: standing.playersMakeTeams,
    canMake: mayMake(standing) && !isOver(standing),
    canChangeSettings: standing.organizes,
    partnerId: partner[0]?.partnerId ?? null,
  };
}

/**
 * POST /api/games/{id}/teams: makes the teams from the seats now, or rebalances them after a
 * late arrival or a drop (the fewest players moved among the best splits). The game's row is
 * locked, as joins and leaves lock it, so two taps at once make one set after the other and
 * the seats cannot change under the split.
 */
export async function makeTeams(db: Db, userId: string, gameId: number): Promise<GameTeams> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockGame(tx, gameId);
      const standing = await standingOf(tx, userId, gameId);
      if (!mayMake(standing)) throw forbidden(TEAMS_NOT_ALLOWED);
      refuseWhenOver(standing);
      const seats = await seatsOf(tx, gameId);
      const [ratings, current, pairs] = await Promise.all([
        ratingsOf(
          tx,
          seats.map((s) => s.userId),
        ),
        tx
          .select({ userId: gameTeams.userId, team: gameTeams.team })
          .from(gameTeams)
          .where(eq(gameTeams.gameId, gameId)),
        seatedPairs(tx, gameId),
      ]);
      const split = bestSplit({
        players: seats.map((s) => {
          const { mu, sigma } = ratings.get(s.userId) ?? startingRating(null);
          return { id: s.userId, mu, sigma, position: s.position };
        }),
        current: new Map(current.map((r) => [r.userId, r.team as TeamName])),
        pairs,
      });
      await tx.delete(gameTeams).where(eq(gameTeams.gameId, gameId));
      await tx
        .insert(gameTeams)
        .values(
          TEAM_NAMES.flatMap((team) =>
            split.teams[team].map((id) => ({ gameId, userId: id, team, madeBy: userId })),
          ),
        );
      await publish(tx, [gameChanged(gameId, standing.courtId)]);
    }),
  );
  return teamsOf(db, userId, gameId);
}

/** PUT /api/games/{id}/teams/settings: the organizer lets seated players make teams, or not. */
export async function setTeamSettings(
  db: Db,
  userId: string,
  gameId: number,
  input: TeamSettingsInput,
): Promise<GameTeams> {
  await db.transaction(async (tx) => {
    const standing = await standingOf(tx, userId, gameId);
    if (!standing.organizes) throw forbidden(TEAMS_SETTINGS_ORGANIZER);
    await tx
      .insert(gameTeamSettings)
      .values({ gameId, playersMakeTeams: input.playersMakeTeams })
      .onConflictDoUpdate({
        target: gameTeamSettings.gameId,
        set: { playersMakeTeams: input.playersMakeTeams },
      });
    // Seated players' pages show or hide their Make teams button.
    await publish(tx, [gameChanged(gameId, standing.courtId)]);
  });
  return teamsOf(db, userId, gameId);
}

/**
 * PUT /api/games/{id}/teams/together: a seated player names one other seated player to be kept
 * on their team when teams are next made (a later choice replaces it).
 */
export async function keepTogether(
  db: Db,
  userId: string,
  gameId: number,
  input: KeepTogetherInput,
): Promise<GameTeams> {
  await db.transaction(async (tx) => {
    const standing = await standingOf(tx, userId, gameId);
    if (!standing.seated) throw forbidden(TOGETHER_SEATED_ONLY);
    refuseWhenOver(standing);
    if (input.partnerId === userId) {
      throw badRequest(TOGETHER_SELF, { partnerId: TOGETHER_SELF });
    }
    const [partner] = await tx
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(
        and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, input.partnerId)),
      );
    if (!partner) {
      throw badRequest(TOGETHER_PARTNER_NOT_SEATED, { partnerId: TOGETHER_PARTNER_NOT_SEATED });
    }
    await tx
      .insert(gameTeamPairs)
      .values({ gameId, userId, partnerId: input.partnerId })
      .onConflictDoUpdate({
        target: [gameTeamPairs.gameId, gameTeamPairs.userId],
        set: { partnerId: input.partnerId, createdAt: sql`now()` },
      });
  });
  return teamsOf(db, userId, gameId);
}

/** DELETE /api/games/{id}/teams/together: the caller no longer asks to be kept with anyone. */
export async function stopKeepingTogether(
  db: Db,
  userId: string,
  gameId: number,
): Promise<GameTeams> {
  const standing = await standingOf(db, userId, gameId);
  if (!standing.seated) throw forbidden(TOGETHER_SEATED_ONLY);
  await db
    .delete(gameTeamPairs)
    .where(and(eq(gameTeamPairs.gameId, gameId), eq(gameTeamPairs.userId, userId)));
  return teamsOf(db, userId, gameId);
}
