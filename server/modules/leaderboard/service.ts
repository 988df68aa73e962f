import { eq, type SQL, sql } from "drizzle-orm";
import {
  LEADERBOARD_CITIES_LIMIT,
  LEADERBOARD_LIMIT,
  type LeaderboardCity,
  type LeaderboardEntry,
} from "../../../common/leaderboard.ts";
import { playerLocation } from "../../../common/player-location.ts";
import type { Queryable } from "../../db/client.ts";
import { showsLocationSql } from "../../db/privacy-conditions.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  cityPlayers,
  citySpellings,
  playerProfiles,
  playerTotals,
  playerWeekTotals,
  userSettings,
  users,
} from "../../db/schema.ts";

export type Place = { city: string; state: string };

type EntryRow = Omit<LeaderboardEntry, "rank" | "streak" | "location"> & {
  showsLocation: boolean;
  area: string | null;
  city: string | null;
  state: string | null;
};

/**
 * showsStatsSql and showsLocationSql (db/privacy-conditions.ts) over a whole leaderboard: the same
 * rule (no settings row means shown), written as "not among those who switched it off".
 * PostgreSQL hashes that short list once, where the per-player lookup ran for each of the
 * tens of thousands of players being ranked: at 50,000 players it was most of the time spent.
 */
const showsStatsOf = (userId: SQL) =>
  sql`${userId} not in (select ${userSettings.userId} from ${userSettings} where not ${userSettings.showStats})`;
const showsLocationOf = (userId: SQL) =>
  sql`${userId} not in (select ${userSettings.userId} from ${userSettings} where not ${userSettings.showLocation})`;

/**
 * One leaderboard: players with a profile, at least one played game in `totals` (the kept
 * all-time or weekly figures, decision 052), and stats they do not hide, further
 * narrowed by `players` (a condition on the player's user id). The streak is always the
 * all-time current one. Ordered by points, wins, games played, then the earlier profile and
 * the user id, so ties always break the same way; rank is the place in that order.
 *
 * The order's first three keys are the totals' rank index (written `nulls last` as the index
 * is), so the board reads the top of that index, not every seat ever played
 * (bench/leaderboard.bench.ts).
 */
async function leaderboard(
  db: Queryable,
  {
    totals,
    players = () => sql`true`,
  }: { totals: typeof playerTotals | typeof playerWeekTotals; players?: (userId: SQL) => SQL },
): Promise<LeaderboardEntry[]> {
  const player = sql`${totals.userId}`;
  const rows = await queryRows<EntryRow & { streak: number }>(
    db,
    sql`with ranked as (
      select ${totals.userId} as user_id, ${totals.played} as games_played, ${totals.wins} as wins,
        ${totals.decided} as decided, ${totals.points} as points,
        ${playerProfiles.nickname} as nickname, ${playerProfiles.primaryPosition} as primary_position,
        ${playerProfiles.location} as area, ${playerProfiles.createdAt} as profile_created_at
      from ${totals}
      join ${playerProfiles} on ${playerProfiles.userId} = ${totals.userId}
      where ${totals.played} > 0 and ${showsStatsOf(player)} and ${players(player)}
      order by ${totals.points} desc nulls last, ${totals.wins} desc nulls last,
        ${totals.played} desc nulls last, ${playerProfiles.createdAt} asc, ${totals.userId} asc
      limit ${LEADERBOARD_LIMIT}
    )
    select ${users.id} as id, ranked.nickname, ${users.profileImageUrl} as "profileImageUrl",
      ${showsLocationSql(users.id)} as "showsLocation", ranked.area,
      ${users.city} as city, ${users.state} as state,
      ranked.primary_position as "primaryPosition",
      ranked.games_played as "gamesPlayed", ranked.wins as wins,
      (case when ranked.decided = 0 then 0
        else round(100.0 * ranked.wins / ranked.decided) end)::int as "winRate",
      ranked.points, player_streak(ranked.user_id) as streak
    from ranked
    join ${users} on ${users.id} = ranked.user_id
    order by ranked.points desc, ranked.wins desc, ranked.games_played desc,
      ranked.profile_created_at asc, ranked.user_id asc`,
  );
  return rows.map(({ showsLocation, area, city, state, streak, ...row }, i) => ({
    ...row,
    // The one definition of a player's location (common/player-location.ts), unless hidden.
    location: showsLocation ? playerLocation({ area, city, state }) : null,
    rank: i + 1,
    streak,
  }));
}

/** All time. */
export function leaderboardGlobal(db: Queryable): Promise<LeaderboardEntry[]> {
  return leaderboard(db, { totals: playerTotals });
}

/** Only played games that ended within the last WEEKLY_DAYS days. */
export function leaderboardWeekly(db: Queryable): Promise<LeaderboardEntry[]> {
  return leaderboard(db, { totals: playerWeekTotals });
}

/**
 * All-time figures of the players living in `place` who show their location: a player
 * hiding it must not be revealed as living there. The city is the one kept on the totals row
 * (decision 054), so the board reads its city's part of the rank index.
 */
export function leaderboardLocal(db: Queryable, place: Place): Promise<LeaderboardEntry[]> {
  return leaderboard(db, {
    totals: playerTotals,
    players: (userId) =>
      sql`${playerTotals.cityLower} = lower(${place.city}) and ${playerTotals.stateLower} = lower(${place.state})
        and ${showsLocationOf(userId)}`,
  });
}

/**
 * The cities of the players a local leaderboard would list (profile, a played game, stats and
 * location shown), with how many, most players first, then by name. Cities are told apart
 * ignoring letter case; the spelling shown is the one most of their players use (the first in
 * order among equals, as mode() picks). The counts are kept per city and per spelling by the
 * writes (decision 060): this reads the top of the count index, then the spellings of
 * those few cities.
 */
export async function leaderboardCities(db: Queryable): Promise<LeaderboardCity[]> {
  const mostUsed = (column: typeof citySpellings.city | typeof citySpellings.state) =>
    sql`(select ${column} from ${citySpellings}
      where ${citySpellings.cityLower} = top.city_lower and ${citySpellings.stateLower} = top.state_lower
      group by ${column} order by sum(${citySpellings.players}) desc, ${column} limit 1)`;
  return queryRows<LeaderboardCity>(
    db,
    sql`with top as (
      select ${cityPlayers.cityLower} as city_lower, ${cityPlayers.stateLower} as state_lower,
        ${cityPlayers.players} as players
      from ${cityPlayers} where ${cityPlayers.players} > 0
      order by ${cityPlayers.players} desc nulls last, ${cityPlayers.cityLower}, ${cityPlayers.stateLower}
      limit ${LEADERBOARD_CITIES_LIMIT}
    )
    select ${mostUsed(citySpellings.city)} as city, ${mostUsed(citySpellings.state)} as state,
      top.players
    from top
    order by top.players desc, top.city_lower, top.state_lower`,
  );
}

/** The city and state a player saved (onboarding, settings), or null when either is missing. */
export async function homePlaceOf(db: Queryable, userId: string): Promise<Place | null> {
  const [row] = await db
    .select({ city: users.city, state: users.state })
    .from(users)
    .where(eq(users.id, userId));
  return row?.city && row.state ? { city: row.city, state: row.state } : null;
}
