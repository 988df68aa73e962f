import { and, asc, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { YOU_BLOCKED } from "../../../common/blocks.ts";
import { GAME_CANCELLED, GAME_FULL, GAME_STARTED, ONLY_ORGANIZER } from "../../../common/games.ts";
import type { LatLng } from "../../../common/geo.ts";
import {
  ASKS_PER_GAME_PER_DAY,
  INVITE_ALREADY_IN,
  INVITE_NOT_IN_GAME,
  INVITE_NOT_TAKING,
  INVITE_PLAYER_NOT_FOUND,
  INVITE_SELF,
  INVITES_PER_HOUR,
  type InvitableGame,
  type InviteInput,
  type InviteResult,
  NEED_MORE_CAP,
  NEED_MORE_FACTOR,
  NEED_MORE_TOO_MANY,
  type NeedMoreInput,
  type NeedMoreResult,
  SIMILAR_SKILL_RANGE,
  TOO_MANY_ASKS,
  TOO_MANY_INVITES,
} from "../../../common/invites.ts";
import { NEARBY_RADIUS_MILES } from "../../../common/players.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { type LockedGame, lockGame } from "../../db/game-lock.ts";
import { blockBetween, unblockedSql } from "../../db/player-pairs.ts";
import {
  courts,
  friendships,
  gameInvites,
  gameLine,
  gameParticipants,
  games,
  playerProfiles,
  userSettings,
  users,
} from "../../db/schema.ts";
import { float, greatCircleSql, withinDistanceSql } from "../../lib/geo.ts";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { incrementCounter } from "../../limits/rate-limit.ts";
import { playerNames } from "../notifications/game-facts.ts";
import { playersInvited } from "./game-notices.ts";
import { hasSeat } from "./seats.ts";

const HOUR_MS = 3_600_000;

/** users.id, qualified: a one-table select would name it bare, and the subqueries have ids too. */
const USER_ID = sql.raw('"users"."id"');

/** Game Invites on (the default without a settings row). */
const takesInvitesSql = (userId: SQL) =>
  sql<boolean>`coalesce((select ${userSettings.gameInvites} from ${userSettings} where ${userSettings.userId} = ${userId}), true)`;

/** Seated, waiting in line or asked already: such a player is not asked (again). */
const involvedSql = (gameId: number, userId: SQL) => sql<boolean>`(
  exists (select 1 from ${gameParticipants} where ${gameParticipants.gameId} = ${gameId} and ${gameParticipants.userId} = ${userId})
  or exists (select 1 from ${gameLine} where ${gameLine.gameId} = ${gameId} and ${gameLine.userId} = ${userId}))`;

function refuseUnlessOpenWithRoom(game: LockedGame) {
  if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
  if (game.status !== "open") throw conflict(GAME_STARTED);
  if (game.currentPlayers >= game.maxPlayers) throw conflict(GAME_FULL);
}

/**
 * A seated player invites another to an upcoming game with room. Counted against the inviter's
 * hourly budget before anything else; then, under the game's row lock, refused for oneself, a
 * game the inviter has no seat in, a full, started or cancelled game, a player already in it (or
 * its line) and a player who turned Game Invites off (said generically). Inviting a player who
 * was already asked to this game answers `alreadyInvited` and tells them nothing new.
 */
export async function invitePlayer(
  db: Db,
  inviterId: string,
  gameId: number,
  input: InviteInput,
): Promise<InviteResult> {
  if (input.userId === inviterId) throw badRequest(INVITE_SELF, { userId: INVITE_SELF });
  const sent = await incrementCounter(db, `invites:user:${inviterId}`, HOUR_MS);
  if (sent > INVITES_PER_HOUR) throw tooManyRequests(TOO_MANY_INVITES);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (!(await hasSeat(tx, gameId, inviterId))) throw forbidden(INVITE_NOT_IN_GAME);
      refuseUnlessOpenWithRoom(game);
      const [invitee] = await tx
        .select({
          id: users.id,
          takesInvites: takesInvitesSql(USER_ID),
          involved: involvedSql(gameId, USER_ID),
        })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!invitee) throw notFound(INVITE_PLAYER_NOT_FOUND);
      const block = await blockBetween(tx, inviterId, invitee.id);
      if (block === "mine") throw forbidden(YOU_BLOCKED);
      if (invitee.involved) throw conflict(INVITE_ALREADY_IN);
      // Blocked by them: said as a closed door, never as a block.
      if (!invitee.takesInvites || block === "theirs") throw forbidden(INVITE_NOT_TAKING);
      const written = await tx
        .insert(gameInvites)
        .values({ gameId, userId: invitee.id, inviterId, source: "invite" })
        // Asked by 'Need N more' only: a personal invite still goes, and becomes the invite.
        .onConflictDoUpdate({
          target: [gameInvites.gameId, gameInvites.userId],
          set: { source: "invite", inviterId },
          setWhere: sql`${gameInvites.source} = 'ask'`,
        })
        .returning({ id: gameInvites.id, userId: gameInvites.userId });
      await playersInvited(tx, gameId, inviterId, written, "invite");
      return { alreadyInvited: written.length === 0 };
    }),
  );
}

/** The asked players' names, as the app shows them, in the order they were asked. */
async function namesOf(tx: Tx, asked: readonly { userId: string }[]): Promise<string[]> {
  const names = await playerNames(
    tx,
    asked.map((a) => a.userId),
  );
  return asked.map((a) => names.get(a.userId) ?? "");
}

/**
 * 'Need N more': the organizer of an upcoming game with room asks available players near its
 * court (NEARBY_RADIUS_MILES) whose skill is similar to theirs (the mean of the five skills within
 * SIMILAR_SKILL_RANGE), who take invites, show their location and are not in the game, its line
 * or asked already: the closest skills first, then the nearest, at most NEED_MORE_FACTOR × N
 * (NEED_MORE_CAP). A few asks per game a day. Under the game's row lock, and one invite row per
 * game and player, so asks racing each other never tell anyone twice.
 */
export async function needMore(
  db: Db,
  organizerId: string,
  gameId: number,
  input: NeedMoreInput,
): Promise<NeedMoreResult> {
  const [owner] = await db
    .select({ organizerId: games.organizerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!owner) throw notFound("Game not found");
  if (owner.organizerId !== organizerId) throw forbidden(ONLY_ORGANIZER);
  const asks = await incrementCounter(db, `asks:game:${gameId}`, 24 * HOUR_MS);
  if (asks > ASKS_PER_GAME_PER_DAY) throw tooManyRequests(TOO_MANY_ASKS);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      refuseUnlessOpenWithRoom(game);
      const open = game.maxPlayers - game.currentPlayers;
      if (input.needed > open) throw conflict(NEED_MORE_TOO_MANY(open));
      const limit = Math.min(input.needed * NEED_MORE_FACTOR, NEED_MORE_CAP);
      const candidates = await similarPlayersNear(tx, gameId, organizerId, limit);
      if (candidates.length === 0) return { asked: 0, names: [] };
      const written = await tx
        .insert(gameInvites)
        .values(
          candidates.map((userId) => ({ gameId, userId, inviterId: organizerId, source: "ask" })),
        )
        .onConflictDoNothing({ target: [gameInvites.gameId, gameInvites.userId] })
        .returning({ id: gameInvites.id, userId: gameInvites.userId });
      await playersInvited(tx, gameId, organizerId, written, "ask", input.needed);
      return { asked: written.length, names: await namesOf(tx, written) };
    }),
  );
}

const meanSkillSql = sql<number>`((${playerProfiles.skillHandles} + ${playerProfiles.skillShot} + ${playerProfiles.skillIq} + ${playerProfiles.skillVert} + ${playerProfiles.skillDefense})::double precision / 5)`;

async function similarPlayersNear(
  tx: Tx,
  gameId: number,
  organizerId: string,
  limit: number,
): Promise<string[]> {
  const [place] = await tx
    .select({ latitude: courts.latitude, longitude: courts.longitude })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(eq(games.id, gameId));
  if (!place) return [];
  const [organizer] = await tx
    .select({ mean: meanSkillSql })
    .from(playerProfiles)
    .where(eq(playerProfiles.userId, organizerId));
  // An organizer without a profile has no skill to match: everyone near is similar enough.
  const target = organizer ? Number(organizer.mean) : null;
  const rows = await similarPlayersQuery(tx, { gameId, organizerId, place, target, limit });
  return rows.map((r) => r.id);
}

/**
 * The read behind 'Need N more', unrun (its plan is checked in places-index.test.ts): available
 * players within NEARBY_RADIUS_MILES of the court, from users_position_gist_idx, the organizer's
 * friends first, then the closest in mean skill to `target`, then the nearest.
 */
export function similarPlayersQuery(
  db: Queryable,
  {
    gameId,
    organizerId,
    place,
    target,
    limit,
  }: { gameId: number; organizerId: string; place: LatLng; target: number | null; limit: number },
) {
  const p = playerProfiles;
  const gap =
    target === null ? sql<number>`0` : sql<number>`abs(${meanSkillSql} - ${float(target)})`;
  const distance = greatCircleSql(users.latitude, users.longitude, place);
  const friend = sql<boolean>`exists (select 1 from ${friendships} where ${friendships.userId} = ${organizerId} and ${friendships.friendId} = ${USER_ID})`;
  return (
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(p, eq(p.userId, users.id))
      // Their settings joined once, not looked up per row (defaults without a row: both on).
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        and(
          sql`${users.id} <> ${organizerId}`,
          eq(p.isAvailable, true),
          withinDistanceSql(users.latitude, users.longitude, place, NEARBY_RADIUS_MILES),
          sql`${gap} <= ${float(SIMILAR_SKILL_RANGE)}`,
          sql`coalesce(${userSettings.showLocation}, true)`,
          sql`coalesce(${userSettings.gameInvites}, true)`,
          sql`not ${involvedSql(gameId, USER_ID)}`,
          sql`not exists (select 1 from ${gameInvites} where ${gameInvites.gameId} = ${gameId} and ${gameInvites.userId} = ${USER_ID})`,
          unblockedSql(organizerId, USER_ID),
        ),
      )
      .orderBy(desc(friend), asc(gap), asc(distance), asc(users.id))
      .limit(limit)
  );
}

/**
 * The games the caller could invite `playerId` to: upcoming, with room, the caller holds a seat
 * in, and the player is neither seated nor waiting in. Soonest first; `alreadyInvited` marks the
 * ones the player was asked to already.
 */
export async function invitableGames(
  db: Queryable,
  callerId: string,
  playerId: string,
): Promise<InvitableGame[]> {
  if ((await blockBetween(db, callerId, playerId)) !== "none") return [];
  const mine = db
    .select({ gameId: gameParticipants.gameId })
    .from(gameParticipants)
    .where(eq(gameParticipants.userId, callerId));
  const rows = await db
    .select({
      id: games.id,
      title: games.title,
      scheduledAt: games.scheduledAt,
      courtName: courts.name,
      timeZone: courts.timeZone,
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
      alreadyInvited: sql<boolean>`exists (select 1 from ${gameInvites} where ${gameInvites.gameId} = ${games.id} and ${gameInvites.userId} = ${playerId} and ${gameInvites.source} = 'invite')`,
    })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        inArray(games.id, mine),
        gameUpcomingSql,
        lt(games.currentPlayers, games.maxPlayers),
        sql`not exists (select 1 from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id} and ${gameParticipants.userId} = ${playerId})`,
        sql`not exists (select 1 from ${gameLine} where ${gameLine.gameId} = ${games.id} and ${gameLine.userId} = ${playerId})`,
      ),
    )
    .orderBy(asc(games.scheduledAt), asc(games.id))
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    title: r.title || r.courtName,
    scheduledAt: r.scheduledAt.toISOString(),
    courtName: r.courtName,
    timeZone: r.timeZone ?? "UTC", // never null (migration 0011's check): for the types
    currentPlayers: r.currentPlayers,
    maxPlayers: r.maxPlayers,
    alreadyInvited: Boolean(r.alreadyInvited),
  }));
}
