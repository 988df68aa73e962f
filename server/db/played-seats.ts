import { type SQL, sql } from "drizzle-orm";
import { GAME_DURATION_MINUTES } from "../../common/games.ts";
import { gameEndsAtSql, gamePlayedSql } from "./game-lifecycle.ts";
import { gameParticipants, gameResults, games } from "./schema.ts";

/**
 * A player's record, in SQL shared by the profile's stats, the badges and the leaderboards so
 * the three can never count differently:
 *   played game — a seat (game_participants row) in a game for which gamePlayedSql holds;
 *   decided     — a played game with a result in which the player's seat has a team;
 *   won         — a decided game where that team is the winning one (A when team_a_score >
 *                 team_b_score, else B: scores are never equal).
 */

/** true won, false lost, null undecided (no result yet, or the seat has no team). */
const seatWonSql = sql`(case
  when ${gameResults.gameId} is null or ${gameParticipants.team} is null then null
  else ${gameParticipants.team} = (case when ${gameResults.teamAScore} > ${gameResults.teamBScore} then 'A' else 'B' end)
  end)`;

/**
 * `select` of the seats in played games, narrowed by `where`: one row per seat with
 * user_id, game_id, court_id, scheduled_at, ends_at and won (true, false or null).
 * Meant as a CTE or a subquery: `with seats as (${playedSeatsSql(...)})`.
 */
export function playedSeatsSql(where: SQL): SQL {
  return sql`select ${gameParticipants.userId} as user_id, ${games.id} as game_id,
      ${games.courtId} as court_id, ${games.scheduledAt} as scheduled_at,
      ${gameEndsAtSql} as ends_at, ${seatWonSql} as won
    from ${gameParticipants}
    join ${games} on ${games.id} = ${gameParticipants.gameId}
    left join ${gameResults} on ${gameResults.gameId} = ${games.id}
    where ${gamePlayedSql} and ${where}`;
}

const DURATION = sql.raw(`interval '${GAME_DURATION_MINUTES} minutes'`);

/**
 * Games that ended at or after `since` (an SQL timestamptz). A game ends at most
 * GAME_DURATION_MINUTES after it starts (games.ended_at is only set when the result comes
 * early), so the redundant bound on scheduled_at lets the games_scheduled_at index find them.
 */
export function endedSinceSql(since: SQL): SQL {
  return sql`(${gameEndsAtSql} >= ${since} and ${games.scheduledAt} >= ${since} - ${DURATION})`;
}

/**
 * Per player in `seats` (a CTE of playedSeatsSql): the current streak, i.e. wins in a row
 * counting back from the latest decided game (latest by end time, then game id), 0 when that
 * one was lost. A row counts while every decided game from the latest down to it was won.
 * Columns: user_id, streak.
 */
export const streaksFromSeatsSql = sql`select user_id, (count(*) filter (where unbroken))::int as streak
  from (
    select user_id, bool_and(won) over (partition by user_id order by ends_at desc, game_id desc) as unbroken
    from seats where won is not null
  ) decided
  group by user_id`;

/**
 * Per player in `seats`: the longest run of consecutive decided games won, in end-time order
 * (a loss starts a new run; undecided games neither break nor extend one).
 * Columns: user_id, longest.
 */
export const longestRunsFromSeatsSql = sql`select user_id, max(run)::int as longest
  from (
    select user_id, count(*) as run
    from (
      select user_id, won,
        count(*) filter (where not won) over (partition by user_id order by ends_at, game_id) as losses_before
      from seats where won is not null
    ) decided
    where won
    group by user_id, losses_before
  ) runs
  group by user_id`;
