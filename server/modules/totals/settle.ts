import { sql } from "drizzle-orm";
import { GAME_DURATION_MINUTES } from "../../../common/games.ts";
import { WEEKLY_DAYS } from "../../../common/leaderboard.ts";
import { restAfter } from "../../db/batches.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { withRetry } from "../../lib/retry.ts";

/**
 * The two clock-driven halves of the kept totals (decision 052); every other change is
 * kept by the triggers of migration kept_totals_triggers, in the writer's transaction.
 *
 * Games per transaction: small, so the embedded database (the server's only thread) is held a
 * few milliseconds at a time and requests run between batches.
 */
export const SETTLE_BATCH = 50;

const DURATION = sql.raw(`interval '${GAME_DURATION_MINUTES} minutes'`);
const WEEK = sql.raw(`interval '${WEEKLY_DAYS} days'`);
/**
 * Looked at again behind the mark: a transaction that began before the last sweep may commit a
 * game that was then still running (only rows written straight to the table can do that).
 */
const MARGIN = sql.raw(`interval '1 hour'`);

/** Game ids read from the database, as an int[] literal. */
const idList = (ids: number[]) => sql.raw(`array[${ids.map(Number).join(",")}]::int[]`);

/**
 * Counts the games that ended by the clock since the last run (no event marks that moment):
 * games scheduled after totals_sweep.settled_through (less a margin) that are over and not yet
 * in settled_games, oldest first, `batch` at a time. Each game is settled in its own short
 * transaction: a game's players are locked in user id order, as every writer's trigger does, so
 * the sweep never holds one game's players while reaching for another's (two games in one
 * transaction deadlocked against a result being recorded). settled_games is what makes a second
 * run, or a second instance running it at once (game rows locked, others skipped), count
 * nothing twice. Returns the players whose totals moved, for the badges.
 */
export async function settleEndedGames(db: Queryable, batch = SETTLE_BATCH): Promise<string[]> {
  const players = new Set<string>();
  for (;;) {
    const due = await queryRows<{ id: number }>(
      db,
      sql`select g.id from games g
      where g.scheduled_at > (select settled_through from totals_sweep where id = 1) - ${MARGIN}
        and g.scheduled_at <= now() - ${DURATION} and g.status <> 'cancelled'
        and not exists (select 1 from settled_games s where s.game_id = g.id)
      order by g.scheduled_at, g.id
      limit ${batch}`,
    );
    let settled = 0;
    for (const { id } of due) {
      const started = performance.now();
      const moved = await withRetry(() =>
        db.transaction(async (tx) => {
          const [game] = await queryRows<{ id: number }>(
            tx,
            sql`select g.id from games g where g.id = ${id}
            and not exists (select 1 from settled_games s where s.game_id = g.id)
            for update of g skip locked`,
          );
          if (!game) return null;
          await tx.execute(sql`select totals_refresh_game(${id}::int)`);
          const [counted] = await queryRows(
            tx,
            sql`select 1 from settled_games where game_id = ${id}`,
          );
          if (!counted) return null;
          return queryRows<{ user_id: string }>(
            tx,
            sql`select user_id from player_games where game_id = ${id}`,
          );
        }),
      );
      if (moved !== null) settled++;
      for (const r of moved ?? []) players.add(r.user_id);
      // A transaction per game; requests get the thread between them.
      await restAfter(performance.now() - started);
    }
    if (due.length < batch) {
      await db.execute(
        sql`update totals_sweep set settled_through = greatest(settled_through, now() - ${DURATION}) where id = 1`,
      );
      break;
    }
    // None of a full batch could be counted (held by their writers, who count them): next run.
    if (settled === 0) break;
  }
  return [...players];
}

/**
 * Takes out of player_week_totals the games that ended more than WEEKLY_DAYS days ago, oldest
 * first, in batches; settled_games.in_week marks what is still in. Returns how many games left.
 */
export async function expireWeeklyTotals(db: Queryable, batch = SETTLE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const left = await withRetry(() =>
      db.transaction(async (tx) => {
        const rows = await queryRows<{ game_id: number }>(
          tx,
          sql`select game_id from settled_games
        where in_week and ends_at < now() - ${WEEK}
        order by ends_at, game_id
        limit ${batch}
        for update skip locked`,
        );
        const ids = rows.map((r) => r.game_id);
        if (ids.length === 0) return 0;
        const list = idList(ids);
        await tx.execute(
          sql`insert into player_week_totals as w (user_id, played, decided, wins)
        select user_id, -count(*)::int, -count(won)::int, -(count(*) filter (where won))::int
        from player_games where game_id = any(${list})
        group by user_id order by user_id
        on conflict (user_id) do update set played = w.played + excluded.played,
          decided = w.decided + excluded.decided, wins = w.wins + excluded.wins`,
        );
        await tx.execute(
          sql`update settled_games set in_week = false where game_id = any(${list})`,
        );
        return ids.length;
      }),
    );
    total += left;
    if (left < batch) break;
    await restAfter(performance.now() - started);
  }
  return total;
}
