import { sql } from "drizzle-orm";
import type { ShowingUp } from "../../../common/attendance.ts";
import { GAME_NOT_FOUND, playerName } from "../../../common/games.ts";
import { chanceAtLeast, expectedTurnout, showProbability } from "../../../common/show-chance.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { notFound } from "../../lib/http-error.ts";
import { attendanceSettledSql, reliabilityOf } from "./reliability.ts";

type Person = {
  userId: string;
  present: boolean;
  seated: boolean;
  firstName: string | null;
  nickname: string | null;
  primaryPosition: string | null;
};

/**
 * A game's seats and line with each player's record, and how likely the seats are to be filled
 * by people who show: three statements whatever the number of players.
 */
export async function showingUpOf(db: Db, gameId: number): Promise<ShowingUp> {
  const [game] = await queryRows<{
    maxPlayers: number;
    minReliability: number | null;
    open: boolean;
    closed: boolean;
  }>(
    db,
    sql`select max_players as "maxPlayers", min_reliability as "minReliability",
        status <> 'cancelled' and scheduled_at <= now() and not ${attendanceSettledSql("g")} as open,
        ${attendanceSettledSql("g")} as closed
      from games g where id = ${gameId}`,
  );
  if (!game) throw notFound(GAME_NOT_FOUND);
  const people = await queryRows<Person>(
    db,
    sql`
    select x.user_id as "userId", x.seated, a.user_id is not null as present,
      u.first_name as "firstName", pp.nickname, pp.primary_position as "primaryPosition"
    from (
      select user_id, true as seated, 0 as place, joined_at as at from game_participants where game_id = ${gameId}
      union all
      select user_id, false, id, joined_at from game_line where game_id = ${gameId}
    ) x
    join users u on u.id = x.user_id
    left join player_profiles pp on pp.user_id = x.user_id
    left join game_attendance a on a.game_id = ${gameId} and a.user_id = x.user_id
    order by x.seated desc, x.place, x.at`,
  );
  const records = new Map(
    (
      await reliabilityOf(
        db,
        people.map((p) => p.userId),
      )
    ).map((r) => [r.userId, r]),
  );
  const entry = (p: Person) => {
    const record = records.get(p.userId) ?? {
      userId: p.userId,
      expected: 0,
      present: 0,
      lateDrops: 0,
    };
    return {
      userId: p.userId,
      name: playerName({
        firstName: p.firstName,
        profile: p.nickname
          ? { nickname: p.nickname, primaryPosition: p.primaryPosition ?? "" }
          : null,
      }),
      record,
    };
  };
  const seated = people.filter((p) => p.seated);
  const chances = seated.map((p) => showProbability(records.get(p.userId) ?? null));
  return {
    gameId,
    maxPlayers: game.maxPlayers,
    minReliability: game.minReliability,
    seated: seated.map((p) => ({ ...entry(p), present: p.present })),
    line: people.filter((p) => !p.seated).map(entry),
    expectedTurnout: Math.round(expectedTurnout(chances) * 10) / 10,
    fullChance: chanceAtLeast(chances, game.maxPlayers),
    attendance: { open: game.open, closed: game.closed },
  };
}
