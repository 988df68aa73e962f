import { eq, type SQL, sql } from "drizzle-orm";
import { inTimedBatches } from "../../db/batches.ts";
import type { Db, Tx } from "../../db/client.ts";
import { forecastFor, forecastPayload } from "../../db/court-forecast.ts";
import { queryRows } from "../../db/query-rows.ts";
import { gameParticipants, games, users } from "../../db/schema.ts";
import { gameChanged } from "../events/publish.ts";
import { callOffGame } from "../games/service.ts";
import { factsPayload, gameFacts } from "../notifications/game-facts.ts";
import { notify } from "../notifications/notify.ts";

/** Games decided per transaction at most: short transactions, so joins and pages never wait long. */
export const SWEEP_BATCH = 200;

type Claimed = {
  id: number;
  decision: "on" | "off" | null;
  seats_taken: number;
  min_players: number;
  decide_at: Date | string;
};

/**
 * Claims the games whose decision time has come, at most `size`, and writes their
 * decision in the same statement: a row another sweep holds is skipped (it is deciding it),
 * and one it decided a moment ago no longer matches `decided_at is null` when re-read under the
 * lock. So however many instances sweep at once, each game is decided once. A game whose start
 * passed before any sweep saw it (every instance down) is closed without a decision or notice.
 */
async function claimDue(tx: Tx, now: Date, size: number): Promise<Claimed[]> {
  return queryRows<Claimed>(tx, claimDueSql(now, size));
}

/** The claim, unrun, so its plan can be checked (the partial index, never the whole table). */
export function claimDueSql(now: Date, size = SWEEP_BATCH): SQL {
  return sql`with due as (
        select id from ${games}
        where decided_at is null and decide_at is not null and status = 'open'
          and decide_at <= ${now.toISOString()}::timestamptz
        order by decide_at
        limit ${size}
        for no key update skip locked
      )
      update ${games} g set decided_at = ${now.toISOString()}::timestamptz,
        decision = case
          when g.scheduled_at <= ${now.toISOString()}::timestamptz then null
          when g.play_anyway or g.current_players >= g.min_players then 'on'
          else 'off' end
      from due where g.id = due.id
      returning g.id, g.decision, g.current_players as seats_taken, g.min_players, g.decide_at`;
}

/**
 * At or above the minimum (or played anyway): everyone seated hears "Game on", with the cached
 * forecast of the start hour in their units.
 */
async function gameOn(tx: Tx, game: Claimed): Promise<void> {
  const facts = await gameFacts(tx, game.id);
  if (!facts) return;
  const forecast = await forecastFor(tx, facts.courtId, facts.scheduledAt);
  const seats = await tx
    .select({ userId: gameParticipants.userId, country: users.country })
    .from(gameParticipants)
    .innerJoin(users, eq(users.id, gameParticipants.userId))
    .where(eq(gameParticipants.gameId, game.id));
  await notify(
    tx,
    seats.map(({ userId, country }) => ({
      kind: "game_on" as const,
      userId,
      gameId: game.id,
      courtId: facts.courtId,
      payload: {
        ...factsPayload(facts),
        seatsTaken: game.seats_taken,
        ...forecastPayload(forecast, country),
      },
      dedupeKey: `game:${game.id}:go-no-go`,
    })),
    { announce: [gameChanged(game.id, facts.courtId)] },
  );
}

/**
 * The job (every minute, and at each decision time set): decides every game whose decision
 * time has come, a batch per transaction, the notices and live events in the transaction that
 * decides. Below the minimum, the game is cancelled through the organizer's own cancel path.
 * Batches are sized by time with a rest between them (inTimedBatches): on the embedded database
 * a batch holds the server's only thread. Answers how many games it decided.
 */
export async function decideDueGames(db: Db, now: () => Date = () => new Date()): Promise<number> {
  return inTimedBatches(
    (size) =>
      db.transaction(async (tx) => {
        const due = await claimDue(tx, now(), size);
        for (const game of due) {
          if (game.decision === "on") await gameOn(tx, game);
          if (game.decision === "off") {
            await callOffGame(tx, game.id, {
              calledOff: {
                seatsTaken: game.seats_taken,
                minPlayers: game.min_players,
                decideAt: new Date(game.decide_at).toISOString(),
              },
            });
          }
        }
        return due.length;
      }),
    { first: 10, max: SWEEP_BATCH },
  );
}
