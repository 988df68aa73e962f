import type { LeaderboardCity, LeaderboardEntry } from "../../../common/leaderboard.ts";
import type { Queryable } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { invalidateCourtKings } from "../court-kings/shared-court-kings.ts";
import {
  leaderboardCities,
  leaderboardGlobal,
  leaderboardLocal,
  leaderboardWeekly,
  type Place,
} from "./service.ts";

/**
 * Each board aggregates every played seat in its window (about 125 ms at 50,000 players,
 * bench/leaderboard.bench.ts), or a court's whole 90 days (Court Kings), while anyone may load
 * it, signed in or not. Within
 * BOARD_MAX_AGE_MS all viewers of an instance share one answer. A change that moves the
 * standings on this instance (a result, a profile, a privacy setting) drops the shared answers
 * at once through `invalidateLeaderboards`; other instances and games ending by the clock show
 * within BOARD_MAX_AGE_MS.
 */
export const BOARD_MAX_AGE_MS = 10_000;
export const BOARD_REFRESH_AHEAD_MS = 2_000;

function createBoards(db: Queryable) {
  // Busy boards are recomputed before they run out, so no viewer waits for it (§73).
  const options = { maxAgeMs: BOARD_MAX_AGE_MS, refreshAheadMs: BOARD_REFRESH_AHEAD_MS };
  return {
    global: sharedAnswers<LeaderboardEntry[]>(() => leaderboardGlobal(db), options),
    weekly: sharedAnswers<LeaderboardEntry[]>(() => leaderboardWeekly(db), options),
    cities: sharedAnswers<LeaderboardCity[]>(() => leaderboardCities(db), options),
    local: sharedAnswers<LeaderboardEntry[]>(
      (key) => {
        const [city = "", state = ""] = key.split("\n");
        return leaderboardLocal(db, { city, state });
      },
      { ...options, maxKeys: 500 },
    ),
  };
}

const boardsOf = perDatabase(createBoards);

export const sharedGlobal = (db: Queryable) => boardsOf(db).global.read();
export const sharedWeekly = (db: Queryable) => boardsOf(db).weekly.read();
export const sharedCities = (db: Queryable) => boardsOf(db).cities.read();
/** Cities compare without regard to letter case, so their boards are shared the same way. */
export const sharedLocal = (db: Queryable, place: Place) =>
  boardsOf(db).local.read(`${place.city.toLowerCase()}\n${place.state.toLowerCase()}`);

/** Drops every shared board of this database: the next viewer gets fresh standings. */
export function invalidateLeaderboards(db: Queryable): void {
  for (const board of Object.values(boardsOf(db))) board.invalidate();
  invalidateCourtKings(db);
}
