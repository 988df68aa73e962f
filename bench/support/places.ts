import { sql } from "drizzle-orm";
import type { Queryable } from "../../server/db/client.ts";

/** Where players and courts gather: a few metro areas, as a national user base would. */
export const METROS = [
  [34.05, -118.25],
  [40.71, -74.0],
  [41.88, -87.63],
  [29.76, -95.37],
  [33.45, -112.07],
  [39.95, -75.17],
  [32.72, -117.16],
  [47.61, -122.33],
  [39.74, -104.99],
  [25.76, -80.19],
  [42.36, -71.06],
  [33.75, -84.39],
] as const;

const metroArray = (axis: 0 | 1) => sql.raw(`array[${METROS.map((m) => m[axis]).join(", ")}]`);

/**
 * Gives every user without a position one: nine in ten within about 30 miles of a metro area,
 * the rest anywhere between 60°S and 70°N, so a read that ignored the index would meet many
 * rows it must not count. Set-based, seeded, so runs are alike.
 */
export async function spreadPlayers(db: Queryable): Promise<void> {
  await db.execute(sql`select setseed(0.17)`);
  await db.execute(sql`update users set
      latitude = case when far then -60 + random() * 130 else (${metroArray(0)})[metro] + (random() - 0.5) * 0.8 end,
      longitude = case when far then -180 + random() * 360 else (${metroArray(1)})[metro] + (random() - 0.5) * 1.0 end
    from (select id as user_id, random() < 0.1 as far, 1 + floor(random() * ${METROS.length})::int as metro
          from users where latitude is null) draw
    where users.id = draw.user_id`);
}

/**
 * `count` upcoming games over the next 30 days at the active courts (ids contiguous, as a fresh
 * table's are), organized by random players; every other seat left open.
 */
export async function insertUpcomingGames(db: Queryable, count: number): Promise<void> {
  await db.execute(sql`select setseed(0.29)`);
  await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at, max_players, current_players)
    select c.id, u.id, now() + interval '1 hour' + random() * interval '30 days', 10, 1
    from (
      select (select min(id) from courts where is_active) +
          floor(random() * (select count(*) from courts where is_active))::int as court_id,
        floor(random() * (select count(*) from users))::int as user_n
      from generate_series(1, ${count})
    ) draw
    join courts c on c.id = draw.court_id
    join (select id, (row_number() over (order by id))::int - 1 as n from users) u on u.n = draw.user_n`);
  await db.execute(sql`insert into game_participants (game_id, user_id, status)
    select id, organizer_id, 'confirmed' from games where scheduled_at > now()
    on conflict do nothing`);
}

/**
 * A learned rating for half the players with a profile (decision 110): mostly settled (σ below
 * SIGMA_SETTLING), some still settling, μ around each one's self-rating, so nearby players
 * ranks some candidates by level and the rest by skills. Set-based, seeded.
 */
export async function rateHalfThePlayers(db: Queryable): Promise<void> {
  await db.execute(sql`select setseed(0.41)`);
  await db.execute(sql`insert into skill_ratings (user_id, mu, sigma, games)
    select user_id,
      25 + ((skill_handles + skill_shot + skill_iq + skill_vert + skill_defense) / 5.0 - 3) * 25 / 6
        + (random() - 0.5) * 8,
      case when random() < 0.8 then 2 + random() * 3 else 6 + random() * 2 end,
      10 + floor(random() * 30)::int
    from player_profiles where random() < 0.5
    on conflict do nothing`);
}
