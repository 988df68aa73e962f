import { and, eq } from "drizzle-orm";
import { formatGameTime } from "../../../common/game-time.ts";
import { GAME_CANCELLED, GAME_STARTED } from "../../../common/games.ts";
import type { CantMakeItAnswer, CantMakeItState } from "../../../common/reminders.ts";
import { sessionIdOf } from "../../auth/sessions.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { cantMakeItUses, gameParticipants, games } from "../../db/schema.ts";
import { conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { leaveGame } from "../games/service.ts";
import { type GameNoticeFacts, gameFacts } from "../notifications/game-facts.ts";
import { type CantMakeIt, readCantMakeItToken } from "../reminders/cant-make-it-token.ts";

export const LINK_NOT_VALID = 'This "Can\'t make it" link is not valid. Open the game to leave it.';
export const GAME_GONE = "This game no longer exists.";

/** What the player reads in each state: the game by name and time, and whether anything changed. */
function messageOf(state: CantMakeItState, facts: GameNoticeFacts): string {
  const game = `${facts.gameTitle}, ${formatGameTime(facts.startsAt, facts.timeZone)}`;
  switch (state) {
    case "ready":
      return `Can't make it to ${game} at ${facts.courtName}? Free your seat and the first player in line gets it.`;
    case "freed":
      return `Your seat in ${game} is free now. The first player in line gets it.`;
    case "used":
      return `This link was already used: your seat in ${game} was freed then. Nothing changed.`;
    case "started":
      return `${game} has already started. Nothing changed.`;
    case "cancelled":
      return `${game} was cancelled. Nothing changed.`;
    case "not-seated":
      return `You no longer hold a seat in ${game}. Nothing changed.`;
  }
}

const answer = (state: CantMakeItState, facts: GameNoticeFacts): CantMakeItAnswer => ({
  state,
  message: messageOf(state, facts),
  gameId: facts.gameId,
});

async function used(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db
    .select({ at: cantMakeItUses.usedAt })
    .from(cantMakeItUses)
    .where(eq(cantMakeItUses.tokenHash, sessionIdOf(token)));
  return row !== undefined;
}

async function seated(db: Queryable, link: CantMakeIt): Promise<boolean> {
  const [row] = await db
    .select({ userId: gameParticipants.userId })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, link.gameId), eq(gameParticipants.userId, link.userId)));
  return row !== undefined;
}

/** The link's seat, its game and what the link would do now. */
async function look(db: Db, secret: string, token: string) {
  const link = readCantMakeItToken(secret, token);
  if (!link) throw notFound(LINK_NOT_VALID);
  const facts = await gameFacts(db, link.gameId);
  if (!facts) throw notFound(GAME_GONE);
  const [game] = await db
    .select({ status: gameStatusSql })
    .from(games)
    .where(eq(games.id, link.gameId));
  const state: CantMakeItState = (await used(db, token))
    ? "used"
    : game?.status === "cancelled"
      ? "cancelled"
      : game?.status !== "open"
        ? "started"
        : (await seated(db, link))
          ? "ready"
          : "not-seated";
  return { link, facts, state };
}

/** What the link would do now, changing nothing (the page a reminder e-mail opens). */
export async function cantMakeItState(
  db: Db,
  secret: string,
  token: string,
): Promise<CantMakeItAnswer> {
  const { facts, state } = await look(db, secret, token);
  return answer(state, facts);
}

/**
 * Frees the seat a link names through the game's own leave (the first in line is promoted in the
 * same transaction), once: the link's use is recorded in that transaction with the game locked,
 * so of two taps at once one frees the seat and the other hears it was used. A link used
 * before, a game started or cancelled, or a seat no longer held: a 409 that says so, nothing
 * changed.
 */
export async function useCantMakeIt(
  db: Db,
  secret: string,
  token: string,
): Promise<CantMakeItAnswer> {
  const { link, facts, state } = await look(db, secret, token);
  if (state !== "ready") throw conflict(messageOf(state, facts));
  try {
    await leaveGame(db, link.userId, link.gameId, async (tx) => {
      const recorded = await tx
        .insert(cantMakeItUses)
        .values({ tokenHash: sessionIdOf(token), userId: link.userId, gameId: link.gameId })
        .onConflictDoNothing()
        .returning({ tokenHash: cantMakeItUses.tokenHash });
      if (recorded.length === 0) throw conflict(messageOf("used", facts));
      if (!(await seated(tx, link))) throw conflict(messageOf("not-seated", facts));
    });
  } catch (error) {
    // The game started or was cancelled between the look and the leave: said in the link's words.
    if (error instanceof HttpError && error.message === GAME_STARTED) {
      throw conflict(messageOf("started", facts));
    }
    if (error instanceof HttpError && error.message === GAME_CANCELLED) {
      throw conflict(messageOf("cancelled", facts));
    }
    throw error;
  }
  return answer("freed", facts);
}
