import { randomUUID } from "node:crypto";
import type { Game } from "../../../common/games.ts";
import {
  ONLY_ORGANIZER_REMOVES,
  PLAYER_NOT_SEATED,
  type RemovePlayerInput,
} from "../../../common/organizer-tools.ts";
import type { Db } from "../../db/client.ts";
import { refuseUnlessOrganizer } from "../../db/organizers.ts";
import { notFound } from "../../lib/http-error.ts";
import { hasSeat } from "../games/seats.ts";
import { leaveGame } from "../games/service.ts";
import { factsPayload, gameFacts } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";

/**
 * The organizer takes a seated player off a game before it starts, with a reason the player is
 * told. The seat goes through the game's own leave, so the first in line is promoted in the
 * same transaction, exactly as when the player leaves; it is not the player's drop, so their
 * reliability is not touched. 403 for anyone but the organizer, 404 for a player without a seat,
 * 409 once the game started or was cancelled (the leave's own refusals).
 */
export async function removePlayer(
  db: Db,
  organizerId: string,
  gameId: number,
  playerId: string,
  input: RemovePlayerInput,
): Promise<Game> {
  // Checked before the leave locks the player's row, which refuses an unknown player with a 401.
  await refuseUnlessOrganizer(db, gameId, organizerId, ONLY_ORGANIZER_REMOVES);
  if (!(await hasSeat(db, gameId, playerId))) throw notFound(PLAYER_NOT_SEATED);
  return leaveGame(db, playerId, gameId, async (tx) => {
    // Again with the game locked: the player may have left, or the organizer changed, meanwhile.
    await refuseUnlessOrganizer(tx, gameId, organizerId, ONLY_ORGANIZER_REMOVES);
    if (!(await hasSeat(tx, gameId, playerId))) throw notFound(PLAYER_NOT_SEATED);
    const facts = await gameFacts(tx, gameId);
    if (!facts) throw new Error(`game ${gameId} vanished inside its own transaction`);
    await notify(tx, [
      {
        kind: "removed_from_game",
        userId: playerId,
        actorId: organizerId,
        gameId,
        courtId: facts.courtId,
        payload: { ...factsPayload(facts), reason: input.reason },
        // Each removal is its own event: removed, back in, removed again is told twice.
        dedupeKey: `game:${gameId}:removed:${playerId}:${randomUUID()}`,
      },
    ]);
    return "not-a-drop";
  });
}
