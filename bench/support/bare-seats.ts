import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { gameParticipants, games } from "../../server/db/schema.ts";
import { withRetry } from "../../server/lib/retry.ts";
import { lockGame } from "../../server/modules/games/seats.ts";

/**
 * The seat transactions of a join and a leave with nothing around them (no notice, no live
 * event, no waiting line, no answer read): lock, check, seat, count. The bare twin the issue
 * measures the product's join and leave against.
 */
export async function bareJoin(db: Db, userId: string, gameId: number): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      const [seat] = await tx
        .select({ userId: gameParticipants.userId })
        .from(gameParticipants)
        .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)));
      if (seat || game.currentPlayers >= game.maxPlayers) return;
      await tx.insert(gameParticipants).values({ gameId, userId, status: "joined" });
      await tx
        .update(games)
        .set({ currentPlayers: sql`${games.currentPlayers} + 1` })
        .where(eq(games.id, gameId));
    }),
  );
}

export async function bareLeave(db: Db, userId: string, gameId: number): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      await lockGame(tx, gameId);
      const [seat] = await tx
        .delete(gameParticipants)
        .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)))
        .returning({ userId: gameParticipants.userId });
      if (!seat) return;
      await tx
        .update(games)
        .set({ currentPlayers: sql`${games.currentPlayers} - 1` })
        .where(eq(games.id, gameId));
    }),
  );
}
