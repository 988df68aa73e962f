import { sql } from "drizzle-orm";
import type { Queryable } from "../../server/db/client.ts";
import { queryRows } from "../../server/db/query-rows.ts";

/**
 * Ended check-ins over the last 13 weeks, 20 minutes to 3 hours long: the court drawn with
 * random()^3 (the first courts are the busy ones), the player uniformly. Inserted with the
 * triggers on, as check-ins end in use, so the hourly counts of popular times and the players'
 * kept totals follow. Set-based, in batches of 250,000 (row by row would take hours). Leaves
 * `bench_players` and `bench_courts` (players numbered from 1, courts from 0) for other draws.
 */
export async function insertPastCheckIns(db: Queryable, count: number): Promise<void> {
  // Plain tables, not temporary ones: a pool's next statement may run on another connection.
  await db.execute(sql`create unlogged table if not exists bench_players as
    select row_number() over (order by id) as n, id from users`);
  await db.execute(sql`create index if not exists bench_players_n on bench_players (n)`);
  await db.execute(sql`create unlogged table if not exists bench_courts as
    select row_number() over (order by id) - 1 as n, id from courts`);
  await db.execute(sql`create index if not exists bench_courts_n on bench_courts (n)`);
  const [sizes] = await queryRows<{ players: number; courts: number }>(
    db,
    sql`select (select count(*) from bench_players)::int as players,
      (select count(*) from bench_courts)::int as courts`,
  );
  if (!sizes?.players || !sizes.courts) throw new Error("past check-ins need players and courts");
  for (let done = 0; done < count; done += 250_000) {
    const batch = Math.min(250_000, count - done);
    await db.execute(sql`insert into court_check_ins (user_id, court_id, checked_in_at, checked_out_at)
      select p.id, c.id, draws.at, draws.at + draws.length
      from (
        select floor(power(random(), 3) * ${sizes.courts})::int as court_n,
          1 + floor(random() * ${sizes.players})::int as player_n,
          now() - interval '1 hour' - random() * interval '91 days' as at,
          interval '20 minutes' + random() * interval '160 minutes' as length
        from generate_series(1, ${batch})
      ) draws
      join bench_courts c on c.n = draws.court_n
      join bench_players p on p.n = draws.player_n`);
  }
}
