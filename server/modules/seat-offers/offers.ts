import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { GAME_CANCELLED, GAME_NOT_FOUND, GAME_STARTED } from "../../../common/games.ts";
import { OFFER_GONE, OFFER_WITHIN_HOURS, type SeatOffer } from "../../../common/seat-offers.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { gameStatusSql } from "../../db/game-lifecycle.ts";
import { lockGame } from "../../db/game-lock.ts";
import { gameLine, gameParticipants, games, seatOffers, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { gameChanged, publish } from "../events/publish.ts";
import { factsPayload, gameFacts } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";
import { playerZone } from "../notifications/player-zone.ts";
import { offerLapsesAt } from "./window.ts";

const HOUR_MS = 3_600_000;

/**
 * Offers up to `seats` freed seats to the first in line, in the caller's transaction (which holds
 * the game's row lock): each line row becomes an offer lapsing at its window's end, the seat is
 * counted as taken so nobody else gets it, and the player is told at once. Answers the players
 * offered a seat.
 */
async function offerToLine(
  tx: Tx,
  game: { id: number; scheduledAt: Date },
  seats: number,
  actorId: string | null,
  now: Date,
): Promise<string[]> {
  const first = await tx
    .select({ id: gameLine.id, userId: gameLine.userId })
    .from(gameLine)
    .where(eq(gameLine.gameId, game.id))
    .orderBy(asc(gameLine.id))
    .limit(seats);
  if (first.length === 0) return [];
  const facts = await gameFacts(tx, game.id);
  if (!facts) throw notFound(GAME_NOT_FOUND);
  const places = await tx
    .select({ userId: users.id, latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(
      inArray(
        users.id,
        first.map((e) => e.userId),
      ),
    );
  const offers = [];
  for (const entry of first) {
    const place = places.find((p) => p.userId === entry.userId);
    const zone = await playerZone(
      tx,
      {
        userId: entry.userId,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
      },
      facts.timeZone,
    );
    offers.push({ ...entry, lapsesAt: offerLapsesAt(now, game.scheduledAt, zone) });
  }
  await tx.delete(gameLine).where(
    inArray(
      gameLine.id,
      first.map((e) => e.id),
    ),
  );
  await tx
    .insert(seatOffers)
    .values(offers.map((o) => ({ gameId: game.id, userId: o.userId, lapsesAt: o.lapsesAt })));
  await tx
    .update(games)
    .set({ currentPlayers: sql`${games.currentPlayers} + ${offers.length}` })
    .where(eq(games.id, game.id));
  await notify(
    tx,
    offers.map((o) => ({
      kind: "seat_offered" as const,
      userId: o.userId,
      actorId,
      gameId: game.id,
      courtId: facts.courtId,
      payload: { ...factsPayload(facts), lapsesAt: o.lapsesAt.toISOString() },
      dedupeKey: `game:${game.id}:line:${o.id}:offered`,
    })),
    { announce: [gameChanged(game.id, facts.courtId)] },
  );
  return offers.map((o) => o.userId);
}

/**
 * The games module's one call (games/line.ts fillFromLine), with the game locked: within 24 h of
 * the start the freed seats are offered to the first in line instead of given, and the players
 * offered are answered (they hold the seats); farther out, null, and the seats go as before.
 */
export async function offerInsteadNearStart(
  tx: Tx,
  gameId: number,
  seats: number,
  actorId: string,
  now: Date = new Date(),
): Promise<string[] | null> {
  const [game] = await tx
    .select({ id: games.id, scheduledAt: games.scheduledAt })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) return null;
  if (game.scheduledAt.getTime() - now.getTime() > OFFER_WITHIN_HOURS * HOUR_MS) return null;
  return offerToLine(tx, game, seats, actorId, now);
}

/**
 * An offer ended unaccepted (declined or lapsed), the game locked and the offer row gone: the
 * seat is uncounted and, while the game is open, offered to the next in line (same rules).
 * Nobody in line: the seat is simply free.
 */
async function passOn(
  tx: Tx,
  game: { id: number; status: string; scheduledAt: Date },
  actorId: string | null,
  now: Date,
): Promise<void> {
  await tx
    .update(games)
    .set({ currentPlayers: sql`${games.currentPlayers} - 1` })
    .where(eq(games.id, game.id));
  const offered = game.status === "open" ? await offerToLine(tx, game, 1, actorId, now) : [];
  if (offered.length === 0) {
    const [row] = await tx
      .select({ courtId: games.courtId })
      .from(games)
      .where(eq(games.id, game.id));
    if (row) await publish(tx, [gameChanged(game.id, row.courtId)]);
  }
}

/**
 * A game called off (games/line.ts clearLine, its row locked): its offers go and their seats are
 * uncounted. Answers the players who held one, to be told with the line.
 */
export async function withdrawOffers(tx: Tx, gameId: number): Promise<string[]> {
  const gone = await tx
    .delete(seatOffers)
    .where(eq(seatOffers.gameId, gameId))
    .returning({ userId: seatOffers.userId });
  if (gone.length > 0) {
    await tx
      .update(games)
      .set({ currentPlayers: sql`${games.currentPlayers} - ${gone.length}` })
      .where(eq(games.id, gameId));
  }
  return gone.map((g) => g.userId);
}

/**
 * A player leaving for good (account deletion, in its transaction): each offer they hold ends
 * as a decline does, under its game's lock, the seat passing to the next in line.
 */
export async function withdrawOffersOf(tx: Tx, userId: string, now: Date = new Date()) {
  const held = await tx
    .select({ gameId: seatOffers.gameId })
    .from(seatOffers)
    .where(eq(seatOffers.userId, userId))
    .orderBy(asc(seatOffers.gameId));
  for (const { gameId } of held) {
    const game = await lockGame(tx, gameId);
    const gone = await tx
      .delete(seatOffers)
      .where(and(eq(seatOffers.gameId, gameId), eq(seatOffers.userId, userId)))
      .returning({ id: seatOffers.id });
    if (gone.length > 0) await passOn(tx, game, null, now);
  }
}

/** The caller's live offer on a game (none once it lapsed, or when the game is not open). */
export async function offerOf(
  db: Queryable,
  userId: string,
  gameId: number,
  now: Date = new Date(),
): Promise<SeatOffer> {
  const [row] = await db
    .select({ lapsesAt: seatOffers.lapsesAt, status: gameStatusSql })
    .from(seatOffers)
    .innerJoin(games, eq(games.id, seatOffers.gameId))
    .where(
      and(
        eq(seatOffers.gameId, gameId),
        eq(seatOffers.userId, userId),
        gt(seatOffers.lapsesAt, now),
      ),
    );
  return { lapsesAt: row && row.status === "open" ? row.lapsesAt.toISOString() : null };
}

/** Ends the caller's offer if it is still live, under the game's lock: true when it was. */
async function takeLiveOffer(tx: Tx, gameId: number, userId: string, now: Date) {
  const gone = await tx
    .delete(seatOffers)
    .where(
      and(
        eq(seatOffers.gameId, gameId),
        eq(seatOffers.userId, userId),
        gt(seatOffers.lapsesAt, now),
      ),
    )
    .returning({ id: seatOffers.id });
  return gone.length > 0;
}

/**
 * One tap takes the offered seat: under the game's row lock the offer must still be live (not
 * lapsed, not taken by the lapse sweep), so accepting as it lapses has one outcome. The seat was
 * counted when offered; the player is seated. A game started or cancelled, or no live offer: 409.
 */
export async function acceptOffer(
  db: Db,
  userId: string,
  gameId: number,
  now: () => Date = () => new Date(),
): Promise<SeatOffer> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.status === "cancelled") throw conflict(GAME_CANCELLED);
      if (game.status !== "open") throw conflict(GAME_STARTED);
      if (!(await takeLiveOffer(tx, gameId, userId, now()))) throw conflict(OFFER_GONE);
      await tx.insert(gameParticipants).values({ gameId, userId, status: "joined" });
      const [row] = await tx
        .select({ courtId: games.courtId })
        .from(games)
        .where(eq(games.id, gameId));
      if (row) await publish(tx, [gameChanged(gameId, row.courtId)]);
    }),
  );
  return { lapsesAt: null };
}

/** "No thanks": the offer ends and the seat passes to the next in line. No live offer: 409. */
export async function declineOffer(
  db: Db,
  userId: string,
  gameId: number,
  now: () => Date = () => new Date(),
): Promise<SeatOffer> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (!(await takeLiveOffer(tx, gameId, userId, now()))) throw conflict(OFFER_GONE);
      await passOn(tx, game, userId, now());
    }),
  );
  return { lapsesAt: null };
}

/** Offers looked at per sweep round. */
export const LAPSE_BATCH = 200;

/**
 * The job (every minute): every offer whose time is up passes on, each in its own transaction
 * under its game's row lock, where it is read again: an offer accepted (or lapsed by another
 * instance's sweep) a moment before is gone and nothing happens, so each lapses once. Answers
 * how many lapsed here.
 */
export async function lapseDueOffers(db: Db, now: () => Date = () => new Date()): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const due = await db
      .select({ id: seatOffers.id, gameId: seatOffers.gameId })
      .from(seatOffers)
      .where(lte(seatOffers.lapsesAt, now()))
      .orderBy(asc(seatOffers.lapsesAt))
      .limit(LAPSE_BATCH);
    let here = 0;
    for (const offer of due) {
      const ended = await withRetry(() =>
        db.transaction(async (tx) => {
          const game = await lockGame(tx, offer.gameId);
          const gone = await tx
            .delete(seatOffers)
            .where(and(eq(seatOffers.id, offer.id), lte(seatOffers.lapsesAt, now())))
            .returning({ id: seatOffers.id });
          if (gone.length === 0) return false;
          await passOn(tx, game, null, now());
          return true;
        }),
      );
      if (ended) here++;
    }
    lapsed += here;
    // A round where another instance took everything ends the loop as a short round does.
    if (due.length < LAPSE_BATCH || here === 0) return lapsed;
  }
}
