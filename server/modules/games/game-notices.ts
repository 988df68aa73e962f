import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { blockedAmong } from "../../db/player-pairs.ts";
import { favoriteCourts, gameParticipants, games, playerProfiles, users } from "../../db/schema.ts";
import { gameChanged, publish } from "../events/publish.ts";
import {
  factsPayload,
  type GameNoticeFacts,
  gameFacts,
  playerName,
  playerNames,
  SOMEONE,
  UNTITLED_GAME,
} from "../notifications/game-facts.ts";
import { type CancelledWhy, excerptOf } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import { scheduleGameReminders } from "../reminders/reminders.ts";

/**
 * What each change to a game tells whom, written in the change's own transaction: the
 * notifications (server/modules/notifications/notify.ts) and the live event that refreshes
 * every page showing the game.
 */

async function factsOf(tx: Tx, gameId: number): Promise<GameNoticeFacts> {
  const facts = await gameFacts(tx, gameId);
  if (!facts) throw new Error(`game ${gameId} vanished inside its own transaction`);
  return facts;
}

async function seatsOf(tx: Tx, gameId: number, except: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, gameId), ne(gameParticipants.userId, except)));
  return rows.map((r) => r.userId);
}

/** A new game: reminders scheduled, favourite-court followers told (Court Updates). */
export async function gameCreated(tx: Tx, gameId: number): Promise<void> {
  const facts = await factsOf(tx, gameId);
  await scheduleGameReminders(tx, { id: gameId, ...facts });
  const followers = await tx
    .select({ userId: favoriteCourts.userId })
    .from(favoriteCourts)
    .where(eq(favoriteCourts.courtId, facts.courtId));
  const organizerName = await playerName(tx, facts.organizerId);
  await notify(
    tx,
    followers.map(({ userId }) => ({
      kind: "court_new_game" as const,
      userId,
      actorId: facts.organizerId,
      gameId,
      courtId: facts.courtId,
      payload: { ...factsPayload(facts), organizerName },
      dedupeKey: `game:${gameId}:new-at-court`,
    })),
    { announce: [gameChanged(gameId, facts.courtId)] },
  );
}

/** A seat taken or given up: the organizer hears of it, pages showing the game refresh. */
export async function seatChanged(
  tx: Tx,
  change: {
    gameId: number;
    playerId: string;
    joined: boolean;
    seatsTaken: number;
    maxPlayers: number;
    /** What the notice says, when the caller read it already (lockGameForSeat). */
    facts?: { title: string | null; courtId: number; organizerId: string; playerName: string };
  },
): Promise<void> {
  // The hot path of every join and leave: what the notice needs, in one read at most.
  const [row] = change.facts
    ? [change.facts]
    : await tx
        .select({
          title: games.title,
          courtId: games.courtId,
          organizerId: games.organizerId,
          playerName: sql<string>`coalesce(nullif(${playerProfiles.nickname}, ''), nullif(${users.firstName}, ''), ${SOMEONE})`,
        })
        .from(games)
        .innerJoin(users, eq(users.id, change.playerId))
        .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
        .where(eq(games.id, change.gameId));
  if (!row) throw new Error(`game ${change.gameId} vanished inside its own transaction`);
  // Each seat change is an event of its own (its transaction): a player who joins, leaves and
  // joins again is told about three times. Nothing replays a seat change outside it.
  const key = `game:${change.gameId}:seat:${change.playerId}:${randomUUID()}`;
  const common = {
    userId: row.organizerId,
    actorId: change.playerId,
    gameId: change.gameId,
    courtId: row.courtId,
    payload: {
      gameTitle: row.title || UNTITLED_GAME,
      playerName: row.playerName,
      seatsTaken: change.seatsTaken,
      maxPlayers: change.maxPlayers,
    },
  };
  await notify(
    tx,
    [
      change.joined
        ? { kind: "player_joined", ...common, dedupeKey: `${key}:joined` }
        : { kind: "player_left", ...common, dedupeKey: `${key}:left` },
    ],
    { announce: [gameChanged(change.gameId, row.courtId)] },
  );
}

/**
 * The game is off: every seated player, and those who waited in line, hear of it, with `why`
 * when there is more to say than the organizer's cancel. Whoever cancelled it (`by`: the
 * organizer unless said, a co-organizer) is not told of their own act; called off by the
 * go/no-go, the organizer is told too.
 */
export async function gameCancelled(
  tx: Tx,
  gameId: number,
  waiting: readonly string[] = [],
  why?: CancelledWhy,
  by?: string,
): Promise<void> {
  const calledOff = why && "calledOff" in why ? why.calledOff : undefined;
  const facts = await factsOf(tx, gameId);
  const actorId = calledOff ? null : (by ?? facts.organizerId);
  const seated = await seatsOf(tx, gameId, actorId ?? "");
  const players = [...seated, ...waiting];
  await notify(
    tx,
    players.map((userId) => ({
      kind: "game_cancelled" as const,
      userId,
      actorId,
      gameId,
      courtId: facts.courtId,
      payload: { ...factsPayload(facts), ...why },
      dedupeKey: `game:${gameId}:cancelled`,
    })),
    { announce: [gameChanged(gameId, facts.courtId)] },
  );
}

/**
 * The result is in: the players (the organizer recorded it) are asked to rate their teammates,
 * once — a corrected score changes the page, not their inbox.
 */
export async function resultRecorded(
  tx: Tx,
  result: {
    gameId: number;
    teams: Record<string, "A" | "B">;
    teamAScore: number;
    teamBScore: number;
  },
): Promise<void> {
  const facts = await factsOf(tx, result.gameId);
  const winner = result.teamAScore > result.teamBScore ? "A" : "B";
  const players = await seatsOf(tx, result.gameId, facts.organizerId);
  await notify(
    tx,
    players.map((userId) => {
      const team = result.teams[userId];
      return {
        kind: "result_recorded" as const,
        userId,
        actorId: facts.organizerId,
        gameId: result.gameId,
        courtId: facts.courtId,
        payload: {
          gameTitle: facts.gameTitle,
          teamAScore: result.teamAScore,
          teamBScore: result.teamBScore,
          outcome:
            team === undefined
              ? ("undecided" as const)
              : team === winner
                ? ("won" as const)
                : ("lost" as const),
        },
        dedupeKey: `game:${result.gameId}:result`,
      };
    }),
    { announce: [gameChanged(result.gameId, facts.courtId)] },
  );
}

/**
 * A message in a game's thread: the other members hear of it (New Messages decides). The
 * organizer, who answers, gets it as a message for them (e-mail too); players get the thread's
 * own kind (bell and push: an e-mail per chat line would be noise). Every member's open game
 * page appends it, the sender's other tabs included.
 */
export async function threadMessageSent(
  tx: Tx,
  message: {
    gameId: number;
    messageId: number;
    senderId: string;
    organizerId: string;
    body: string;
  },
): Promise<void> {
  const facts = await factsOf(tx, message.gameId);
  const seated = await seatsOf(tx, message.gameId, message.senderId);
  // Whoever blocked the sender, or was blocked by them, is not told (nor shown it: messages.ts).
  const blocked = await blockedAmong(tx, message.senderId, seated);
  const members = seated.filter((userId) => !blocked.has(userId));
  const payload = {
    gameTitle: facts.gameTitle,
    senderName: await playerName(tx, message.senderId),
    excerpt: excerptOf(message.body),
  };
  const common = {
    actorId: message.senderId,
    gameId: message.gameId,
    courtId: facts.courtId,
    payload,
    dedupeKey: `message:${message.messageId}`,
  };
  await notify(
    tx,
    members.map((userId) =>
      userId === message.organizerId
        ? { kind: "organizer_message" as const, userId, ...common }
        : { kind: "thread_message" as const, userId, ...common },
    ),
    {
      announce: [message.senderId, ...members].map((userId) => ({
        event: { type: "game.thread" as const, gameId: message.gameId },
        to: { userId },
      })),
    },
  );
}

/** The line got longer or shorter: pages showing the game refresh its line. */
export async function lineChanged(tx: Tx, gameId: number): Promise<void> {
  const [row] = await tx.select({ courtId: games.courtId }).from(games).where(eq(games.id, gameId));
  if (!row) throw new Error(`game ${gameId} vanished inside its own transaction`);
  await publish(tx, [gameChanged(gameId, row.courtId)]);
}

/** The organizer changed the game (its number of players): pages showing it refresh. */
export const gameEdited = lineChanged;

/**
 * Seats went to the first in line (`entries` in line order, each with its line row's id): each
 * promoted player is told they are in, the organizer who joined, and pages refresh, all in the
 * transaction that seated them.
 */
export async function promotedFromLine(
  tx: Tx,
  gameId: number,
  entries: readonly { id: number; userId: string }[],
  actorId: string,
): Promise<void> {
  const facts = await factsOf(tx, gameId);
  const [seats] = await tx
    .select({ taken: games.currentPlayers, max: games.maxPlayers })
    .from(games)
    .where(eq(games.id, gameId));
  const names = await playerNames(
    tx,
    entries.map((e) => e.userId),
  );
  await notify(
    tx,
    entries.flatMap((entry) => [
      {
        kind: "promoted_from_line" as const,
        userId: entry.userId,
        actorId,
        gameId,
        courtId: facts.courtId,
        payload: factsPayload(facts),
        dedupeKey: `game:${gameId}:line:${entry.id}:promoted`,
      },
      {
        kind: "player_joined" as const,
        userId: facts.organizerId,
        actorId: entry.userId,
        gameId,
        courtId: facts.courtId,
        payload: {
          gameTitle: facts.gameTitle,
          playerName: names.get(entry.userId) ?? SOMEONE,
          seatsTaken: seats?.taken ?? 0,
          maxPlayers: seats?.max ?? 0,
        },
        dedupeKey: `game:${gameId}:line:${entry.id}:seated`,
      },
    ]),
    { announce: [gameChanged(gameId, facts.courtId)] },
  );
}

/**
 * Players asked to a game (`invites`, the rows just written): each is told once, by the
 * invitation's own row (Game Invites decides). A player's Invite names the inviter; the
 * organizer's 'Need N more' says how many are needed.
 */
export async function playersInvited(
  tx: Tx,
  gameId: number,
  inviterId: string,
  invites: readonly { id: number; userId: string }[],
  source: "invite" | "ask",
  needed = 1,
): Promise<void> {
  if (invites.length === 0) return;
  const facts = await factsOf(tx, gameId);
  const inviterName = await playerName(tx, inviterId);
  await notify(
    tx,
    invites.map((invite) =>
      source === "invite"
        ? {
            kind: "game_invite" as const,
            userId: invite.userId,
            actorId: inviterId,
            gameId,
            courtId: facts.courtId,
            payload: { ...factsPayload(facts), inviterName },
            // Apart from the ask's key: a player asked by 'Need N more' may still be invited.
            dedupeKey: `game:${gameId}:invited:personally`,
          }
        : {
            kind: "players_needed" as const,
            userId: invite.userId,
            actorId: inviterId,
            gameId,
            courtId: facts.courtId,
            payload: { ...factsPayload(facts), needed, organizerName: inviterName },
            dedupeKey: `game:${gameId}:invited`,
          },
    ),
  );
}
