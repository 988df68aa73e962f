import { inArray, type SQL, sql } from "drizzle-orm";
import { BADGE_RULES } from "../../common/badges.ts";
import { XP_PER_GAME, XP_PER_WIN } from "../../common/games.ts";
import {
  LEADERBOARD_CITIES_LIMIT,
  LEADERBOARD_LIMIT,
  type LeaderboardCity,
  WEEKLY_DAYS,
} from "../../common/leaderboard.ts";
import type { Queryable } from "../db/client.ts";
import { gamePlayedSql } from "../db/game-lifecycle.ts";
import {
  endedSinceSql,
  longestRunsFromSeatsSql,
  playedSeatsSql,
  streaksFromSeatsSql,
} from "../db/played-seats.ts";
import { queryRows } from "../db/query-rows.ts";
import {
  courtCheckIns,
  gameParticipants,
  games,
  playerProfiles,
  playerRatings,
  userSettings,
  users,
} from "../db/schema.ts";

/**
 * The definitions of decision 017 as the aggregate SQL that computed them before the
 * kept totals (§52): every seat, every time. Test oracle only; the product reads the totals.
 */

export type PlayerFigures = {
  played: number;
  decided: number;
  wins: number;
  points: number;
  hours: number;
  organized: number;
  courts: number;
  bros: number;
  ratings: number;
  avgRating: number;
  streak: number;
  weekPlayed: number;
  weekDecided: number;
  weekWins: number;
};

const WEEK_AGO = sql.raw(`(now() - interval '${WEEKLY_DAYS} days')`);

/** Every figure of every user, from the seats (users with nothing are all zeros). */
export async function figuresByDefinition(db: Queryable): Promise<Map<string, PlayerFigures>> {
  const rows = await queryRows<PlayerFigures & { user_id: string }>(
    db,
    sql`with seats as (${playedSeatsSql(sql`true`)}),
    week as (select * from seats where ${sql`ends_at >= ${WEEK_AGO}`}),
    streaks as (${streaksFromSeatsSql})
    select u.id as user_id,
      (select count(*) from seats s where s.user_id = u.id)::int as played,
      (select count(won) from seats s where s.user_id = u.id)::int as decided,
      (select count(*) filter (where won) from seats s where s.user_id = u.id)::int as wins,
      (select ${XP_PER_GAME} * count(*) + ${XP_PER_WIN} * count(*) filter (where won) from seats s where s.user_id = u.id)::int as points,
      (select coalesce(round(extract(epoch from sum(ends_at - scheduled_at)) / 3600, 1), 0) from seats s where s.user_id = u.id)::float8 as hours,
      (select count(*) from ${games} where ${games.organizerId} = u.id and ${gamePlayedSql} and ${games.currentPlayers} >= 2)::int as organized,
      (select count(*) from (
        select court_id from seats s where s.user_id = u.id
        union
        select ${courtCheckIns.courtId} from ${courtCheckIns} where ${courtCheckIns.userId} = u.id
      ) visited)::int as courts,
      (select count(distinct ${gameParticipants.userId}) from ${gameParticipants}
        join seats s on s.game_id = ${gameParticipants.gameId}
        where s.user_id = u.id and ${gameParticipants.userId} <> u.id)::int as bros,
      (select count(*) from ${playerRatings} where ${playerRatings.rateeId} = u.id)::int as ratings,
      (select coalesce(round(avg(${playerRatings.rating}), 1), 0) from ${playerRatings}
        where ${playerRatings.rateeId} = u.id)::float8 as "avgRating",
      coalesce((select streak from streaks where streaks.user_id = u.id), 0)::int as streak,
      (select count(*) from week w where w.user_id = u.id)::int as "weekPlayed",
      (select count(won) from week w where w.user_id = u.id)::int as "weekDecided",
      (select count(*) filter (where won) from week w where w.user_id = u.id)::int as "weekWins"
    from ${users} u`,
  );
  return new Map(rows.map(({ user_id, ...figures }) => [user_id, figures]));
}

/** The same figures, read from the kept tables. */
export async function keptFigures(db: Queryable): Promise<Map<string, PlayerFigures>> {
  const rows = await queryRows<PlayerFigures & { user_id: string }>(
    db,
    sql`select u.id as user_id,
      coalesce(t.played, 0)::int as played, coalesce(t.decided, 0)::int as decided,
      coalesce(t.wins, 0)::int as wins, coalesce(t.points, 0)::int as points,
      coalesce(round(t.seconds / 3600, 1), 0)::float8 as hours,
      coalesce(t.organized, 0)::int as organized,
      coalesce(t.courts, 0)::int as courts, coalesce(t.bros, 0)::int as bros,
      coalesce(t.ratings, 0)::int as ratings,
      (case when coalesce(t.ratings, 0) = 0 then 0
        else round(t.rating_sum::numeric / t.ratings, 1) end)::float8 as "avgRating",
      player_streak(u.id) as streak,
      coalesce(w.played, 0)::int as "weekPlayed", coalesce(w.decided, 0)::int as "weekDecided",
      coalesce(w.wins, 0)::int as "weekWins"
    from ${users} u
    left join player_totals t on t.user_id = u.id
    left join player_week_totals w on w.user_id = u.id`,
  );
  return new Map(rows.map(({ user_id, ...figures }) => [user_id, figures]));
}

/** The badges each player qualifies for now, by the rules of §17 over the seats. */
export async function badgesByDefinition(db: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rules = BADGE_RULES;
  const rows = await queryRows<{ user_id: string; badge_type: string }>(
    db,
    sql`with seats as (${playedSeatsSql(inArray(gameParticipants.userId, ids))})
      select user_id, 'iron_bro' as badge_type from seats
        group by user_id having count(*) >= ${rules.iron_bro.threshold}
      union all
      select user_id, 'legend' from seats
        group by user_id having count(*) >= ${rules.legend.threshold}
      union all
      select user_id, 'hot_shooter' from (${longestRunsFromSeatsSql}) runs
        where longest >= ${rules.hot_shooter.threshold}
      union all
      select distinct user_id, 'court_king' from seats where won
        group by user_id, court_id having count(*) >= ${rules.court_king.threshold}
      union all
      select ${games.organizerId}, 'shot_caller' from ${games}
        where ${inArray(games.organizerId, ids)} and ${gamePlayedSql} and ${games.currentPlayers} >= 2
        group by ${games.organizerId} having count(*) >= ${rules.shot_caller.threshold}
      union all
      select ${playerRatings.rateeId}, 'mvp' from ${playerRatings}
        where ${inArray(playerRatings.rateeId, ids)}
        group by ${playerRatings.rateeId}
        having count(*) >= ${rules.mvp.minRatings} and avg(${playerRatings.rating}) >= ${rules.mvp.threshold}`,
  );
  return rows.map((r) => `${r.user_id}:${r.badge_type}`).sort();
}

const showsStatsOf = (userId: SQL) =>
  sql`${userId} not in (select ${userSettings.userId} from ${userSettings} where not ${userSettings.showStats})`;

const showsLocationOf = (userId: SQL) =>
  sql`${userId} not in (select ${userSettings.userId} from ${userSettings} where not ${userSettings.showLocation})`;

/**
 * The global (all seats) or weekly board's order by aggregating seats, as ids with their
 * figures: the kept boards must list the same players with the same figures in the same order.
 * With a place, the local board: all seats, players living there (read from users, ignoring
 * letter case) who show their location.
 */
export async function boardByDefinition(
  db: Queryable,
  window: "global" | "weekly",
  place?: { city: string; state: string },
): Promise<{ id: string; gamesPlayed: number; wins: number; points: number }[]> {
  const seats = window === "global" ? sql`true` : endedSinceSql(WEEK_AGO);
  const livesThere = place
    ? sql`totals.user_id in (select ${users.id} from ${users}
        where lower(${users.city}) = lower(${place.city}) and lower(${users.state}) = lower(${place.state}))
        and ${showsLocationOf(sql`totals.user_id`)}`
    : sql`true`;
  return queryRows(
    db,
    sql`with totals as (
      select user_id, count(*)::int as games_played, (count(*) filter (where won))::int as wins
      from (${playedSeatsSql(seats)}) seats
      group by user_id
    )
    select totals.user_id as id, totals.games_played as "gamesPlayed", totals.wins,
      (${XP_PER_GAME} * totals.games_played + ${XP_PER_WIN} * totals.wins)::int as points
    from totals
    join ${playerProfiles} on ${playerProfiles.userId} = totals.user_id
    where ${showsStatsOf(sql`totals.user_id`)} and ${livesThere}
    order by points desc, totals.wins desc, totals.games_played desc,
      ${playerProfiles.createdAt} asc, totals.user_id asc
    limit ${LEADERBOARD_LIMIT}`,
  );
}

/**
 * The cities list as it was computed before the kept counts (decision 060): every
 * player with a played seat, a profile, stats and location shown, grouped by city and state
 * ignoring case, the spelling most of them use (mode()), most players first.
 */
export async function citiesByDefinition(db: Queryable): Promise<LeaderboardCity[]> {
  const player = sql`played.user_id`;
  return queryRows<LeaderboardCity>(
    db,
    sql`with played as (select distinct user_id from (${playedSeatsSql(sql`true`)}) seats)
    select mode() within group (order by ${users.city}) as city,
      mode() within group (order by ${users.state}) as state,
      count(*)::int as players
    from played
    join ${users} on ${users.id} = played.user_id
    join ${playerProfiles} on ${playerProfiles.userId} = played.user_id
    where ${users.city} <> '' and ${users.state} <> ''
      and ${showsStatsOf(player)} and ${showsLocationOf(player)}
    group by lower(${users.city}), lower(${users.state})
    order by players desc, lower(${users.city}), lower(${users.state})
    limit ${LEADERBOARD_CITIES_LIMIT}`,
  );
}

/**
 * Listed players per exact spelling of city and state, by the definition and as kept
 * (city_spellings; city_players must be their sums): the whole tables, not only the top.
 */
export async function citySpellingsByDefinition(db: Queryable): Promise<string[]> {
  const player = sql`played.user_id`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`with played as (select distinct user_id from (${playedSeatsSql(sql`true`)}) seats)
    select concat_ws('|', ${users.city}, ${users.state}, count(*)) as key
    from played
    join ${users} on ${users.id} = played.user_id
    join ${playerProfiles} on ${playerProfiles.userId} = played.user_id
    where ${users.city} <> '' and ${users.state} <> ''
      and ${showsStatsOf(player)} and ${showsLocationOf(player)}
    group by ${users.city}, ${users.state}`,
  );
  return rows.map((r) => r.key).sort();
}

export async function keptCitySpellings(
  db: Queryable,
): Promise<{ spellings: string[]; unsummed: number }> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select concat_ws('|', city, state, players) as key from city_spellings where players <> 0`,
  );
  // Cities whose count is not the sum of their spellings' (should be none).
  const [check] = await queryRows<{ unsummed: number }>(
    db,
    sql`select count(*)::int as unsummed from (
      select city_lower, state_lower, sum(players) as players from city_spellings group by 1, 2
    ) s full join city_players c using (city_lower, state_lower)
    where coalesce(s.players, 0) <> coalesce(c.players, 0)`,
  );
  return { spellings: rows.map((r) => r.key).sort(), unsummed: check?.unsummed ?? -1 };
}
