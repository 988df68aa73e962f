import { sql } from "drizzle-orm";
import type { GameChance } from "../../../common/attendance.ts";
import { chanceAtLeast, showProbability } from "../../../common/show-chance.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { reliabilityOf } from "./reliability.ts";

/**
 * "Will it happen?" for a whole list of games in two statements whatever its length (issue 32:
 * no extra query per game): the seated players of every game asked for, then all their records
 * at once. The model is the game page's (common/show-chance.ts).
 */
export async function chancesOf(db: Queryable, gameIds: readonly number[]): Promise<GameChance[]> {
  if (gameIds.length === 0) return [];
  const games = await queryRows<{
    gameId: number;
    maxPlayers: number;
    minPlayers: number | null;
    seated: string[];
  }>(
    db,
    sql`select g.id as "gameId", g.max_players as "maxPlayers",
        case when g.decision is null then g.min_players end as "minPlayers",
        coalesce(array_agg(p.user_id order by p.user_id) filter (where p.user_id is not null),
          '{}') as seated
      from games g
      left join game_participants p on p.game_id = g.id
      where g.id = any(${sql.param([...gameIds])}::int[])
        and g.status = 'open' and g.scheduled_at > now()
      group by g.id
      order by g.id`,
  );
  const records = new Map(
    (
      await reliabilityOf(
        db,
        games.flatMap((g) => g.seated),
      )
    ).map((r) => [r.userId, r]),
  );
  return games.map((game) => {
    const chances = game.seated.map((userId) => showProbability(records.get(userId) ?? null));
    return {
      gameId: game.gameId,
      onChance: game.minPlayers === null ? null : chanceAtLeast(chances, game.minPlayers),
      fullChance: chanceAtLeast(chances, game.maxPlayers),
    };
  });
}
