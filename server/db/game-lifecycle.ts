import { type SQL, sql } from "drizzle-orm";
import { GAME_DURATION_MINUTES, type GameStatus } from "../../common/games.ts";
import { games } from "./schema.ts";

/**
 * The one definition of a game's lifecycle. Only the organizer's decision is stored
 * (games.status is "open" or "cancelled"); the rest follows from the clock, so no job has to
 * move games along and no two readers can disagree:
 *   cancelled  — the organizer cancelled it (only possible before it starts);
 *   open       — before scheduledAt: players join and leave;
 *   active     — from scheduledAt until it ends;
 *   completed  — once it ended: at scheduledAt + GAME_DURATION_MINUTES, or earlier when the
 *                organizer recorded the result (games.endedAt).
 * Every query decides with these fragments and PostgreSQL's now(), which is fixed for a
 * transaction, so one transaction never sees a game in two states.
 */
const DURATION = sql.raw(`interval '${GAME_DURATION_MINUTES} minutes'`);

/** When the game ends (or ended). */
export const gameEndsAtSql: SQL<Date> = sql<Date>`coalesce(${games.endedAt}, ${games.scheduledAt} + ${DURATION})`;

/** The game's status as everyone sees it. */
export const gameStatusSql: SQL<GameStatus> = sql<GameStatus>`(case
  when ${games.status} = 'cancelled' then 'cancelled'
  when now() >= ${gameEndsAtSql} then 'completed'
  when now() >= ${games.scheduledAt} then 'active'
  else 'open' end)`;

/**
 * Not cancelled and over: the games that count as played for stats, points and badges.
 * (A game that ended has started: the plain comparison on scheduledAt lets an index help.)
 */
export const gamePlayedSql: SQL<boolean> = sql<boolean>`(${games.status} <> 'cancelled'
  and ${games.scheduledAt} <= now() and ${gameEndsAtSql} <= now())`;

/** Not cancelled and not started: the games players can still join. */
export const gameUpcomingSql: SQL<boolean> = sql<boolean>`(${games.status} <> 'cancelled' and ${games.scheduledAt} > now())`;
