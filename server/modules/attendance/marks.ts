import { sql } from "drizzle-orm";
import type { CheckInPosition } from "../../../common/attendance.ts";
import { GAME_NOT_FOUND } from "../../../common/games.ts";
import { distanceBetween } from "../../../common/geo.ts";
import {
  ATTENDANCE_CLOSED,
  CHECK_IN_EARLY_MINUTES,
  CHECK_IN_LATE_MINUTES,
  GAME_WAS_CANCELLED,
  MARK_NOT_YET,
  MARK_TOO_LATE,
  MARK_WINDOW_HOURS,
  NEAR_COURT_METERS,
  NOT_SEATED,
  ONLY_ORGANIZER_MARKS,
} from "../../../common/reliability.ts";
import type { Db, Tx } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.ts";
import { withRetry } from "../../lib/retry.ts";
import { gameChanged, publish } from "../events/publish.ts";

const EARLY = sql.raw(`interval '${CHECK_IN_EARLY_MINUTES} minutes'`);
const LATE = sql.raw(`interval '${CHECK_IN_LATE_MINUTES} minutes'`);
const MARKING = sql.raw(`interval '${MARK_WINDOW_HOURS} hours'`);

/**
 * A check-in at a court marks the player present at every game there they hold a seat in, from
 * CHECK_IN_EARLY_MINUTES before its start to CHECK_IN_LATE_MINUTES after, unless its attendance
 * is closed. With the browser's position, only within NEAR_COURT_METERS plus its accuracy of the
 * court; without one, the check-in is believed as it always was. Runs in the check-in's
 * transaction; the primary key keeps one record however many check-ins race.
 */
export async function markPresentByCheckIn(
  tx: Tx,
  userId: string,
  court: { id: number; latitude: number; longitude: number },
  position: CheckInPosition | undefined,
): Promise<void> {
  if (position) {
    const metres = distanceBetween(position, court, "km") * 1000;
    if (metres > NEAR_COURT_METERS + position.accuracy) return;
  }
  const marked = await queryRows<{ gameId: number }>(
    tx,
    sql`
    insert into game_attendance (game_id, user_id, marked_by)
    select g.id, p.user_id, 'check_in'
    from games g
    join game_participants p on p.game_id = g.id and p.user_id = ${userId}
    where g.court_id = ${court.id} and g.status <> 'cancelled'
      and g.scheduled_at between now() - ${LATE} and now() + ${EARLY}
      and not exists (select 1 from game_attendance_closed c where c.game_id = g.id)
    on conflict do nothing
    returning game_id as "gameId"`,
  );
  await publish(
    tx,
    marked.map((m) => gameChanged(m.gameId, court.id)),
  );
}

type AttendanceGame = {
  courtId: number;
  organizerId: string;
  cancelled: boolean;
  started: boolean;
  marking: boolean;
  closed: boolean;
};

/**
 * The game's row, locked so that the organizer's marks and closing queue one after another, with
 * where it stands: 404 missing, 403 not the organizer, 409 cancelled or closed, 400 outside the
 * MARK_WINDOW_HOURS after its start.
 */
async function lockForMarking(
  tx: Tx,
  organizerId: string,
  gameId: number,
): Promise<AttendanceGame> {
  const [game] = await queryRows<AttendanceGame>(
    tx,
    sql`select court_id as "courtId", organizer_id as "organizerId", status = 'cancelled' as cancelled,
        scheduled_at <= now() as started, now() < scheduled_at + ${MARKING} as marking,
        exists (select 1 from game_attendance_closed c where c.game_id = games.id) as closed
      from games where id = ${gameId} for no key update`,
  );
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (game.organizerId !== organizerId) throw forbidden(ONLY_ORGANIZER_MARKS);
  if (game.cancelled) throw conflict(GAME_WAS_CANCELLED);
  if (!game.started) throw badRequest(MARK_NOT_YET);
  return game;
}

/** The organizer marks a seated player present, from the start to MARK_WINDOW_HOURS after. */
export async function markPresentByOrganizer(
  db: Db,
  organizerId: string,
  gameId: number,
  userId: string,
): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockForMarking(tx, organizerId, gameId);
      if (game.closed) throw conflict(ATTENDANCE_CLOSED);
      if (!game.marking) throw badRequest(MARK_TOO_LATE);
      const marked = await queryRows<{ gameId: number }>(
        tx,
        sql`
        insert into game_attendance (game_id, user_id, marked_by)
        select p.game_id, p.user_id, 'organizer' from game_participants p
        where p.game_id = ${gameId} and p.user_id = ${userId}
        on conflict do nothing
        returning game_id as "gameId"`,
      );
      if (marked.length > 0) return publish(tx, [gameChanged(gameId, game.courtId)]);
      const [seat] = await queryRows<{ n: number }>(
        tx,
        sql`select 1 as n from game_participants where game_id = ${gameId} and user_id = ${userId}`,
      );
      if (!seat) throw badRequest(NOT_SEATED, { userId: NOT_SEATED });
    }),
  );
}

/**
 * The organizer closes attendance: every seat not marked present is a no-show from now on.
 * Closing again, or after it closed by itself, changes nothing.
 */
export async function closeAttendance(db: Db, organizerId: string, gameId: number): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockForMarking(tx, organizerId, gameId);
      if (game.closed || !game.marking) return;
      await tx.execute(
        sql`insert into game_attendance_closed (game_id) values (${gameId}) on conflict do nothing`,
      );
      await publish(tx, [gameChanged(gameId, game.courtId)]);
    }),
  );
}
