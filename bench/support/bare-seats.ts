import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { queryRows } from "../../server/db/query-rows.ts";
import { withRetry } from "../../server/lib/retry.ts";

/**
 * The seat change alone, in plain SQL (no service, no notice, no live event, no waiting line,
 * no answer read): lock the game row, insert or delete the participant, update the count. The
 * bare twin the issue measures join and leave through the app against.
 */
export async function bareJoin(db: Db, userId: string, gameId: number): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const [game] = await queryRows<{ current_players: number; max_players: number }>(
        tx,
        sql`select current_players, max_players from games where id = ${gameId} for no key update`,
      );
      if (!game || game.current_players >= game.max_players) return;
      const seated = await queryRows(
        tx,
        sql`insert into game_participants (game_id, user_id, status) values (${gameId}, ${userId}, 'joined')
          on conflict do nothing returning 1`,
      );
      if (seated.length === 0) return;
      await tx.execute(
        sql`update games set current_players = current_players + 1 where id = ${gameId}`,
      );
    }),
  );
}

export async function bareLeave(db: Db, userId: string, gameId: number): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from games where id = ${gameId} for no key update`);
      const left = await queryRows(
        tx,
        sql`delete from game_participants where game_id = ${gameId} and user_id = ${userId} returning 1`,
      );
      if (left.length === 0) return;
      await tx.execute(
        sql`update games set current_players = current_players - 1 where id = ${gameId}`,
      );
    }),
  );
}
