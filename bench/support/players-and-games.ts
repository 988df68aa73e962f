import { sql } from "drizzle-orm";
import { POSITIONS } from "../../common/constants.ts";
import { GAME_DURATION_MINUTES } from "../../common/games.ts";
import type { Queryable } from "../../server/db/client.ts";

const CITIES = [
  ["Los Angeles", "CA"],
  ["New York", "NY"],
  ["Chicago", "IL"],
  ["Houston", "TX"],
  ["Phoenix", "AZ"],
  ["Philadelphia", "PA"],
  ["San Antonio", "TX"],
  ["San Diego", "CA"],
  ["Dallas", "TX"],
  ["Austin", "TX"],
  ["Jacksonville", "FL"],
  ["San Jose", "CA"],
  ["Fort Worth", "TX"],
  ["Columbus", "OH"],
  ["Charlotte", "NC"],
  ["Indianapolis", "IN"],
  ["San Francisco", "CA"],
  ["Seattle", "WA"],
  ["Denver", "CO"],
  ["Oklahoma City", "OK"],
  ["Nashville", "TN"],
  ["Washington", "DC"],
  ["El Paso", "TX"],
  ["Las Vegas", "NV"],
  ["Boston", "MA"],
  ["Detroit", "MI"],
  ["Portland", "OR"],
  ["Louisville", "KY"],
  ["Memphis", "TN"],
  ["Baltimore", "MD"],
  ["Milwaukee", "WI"],
  ["Albuquerque", "NM"],
  ["Tucson", "AZ"],
  ["Fresno", "CA"],
  ["Sacramento", "CA"],
  ["Mesa", "AZ"],
  ["Atlanta", "GA"],
  ["Kansas City", "MO"],
  ["Omaha", "NE"],
  ["Miami", "FL"],
] as const;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Players with profiles (in 40 cities, some hiding their stats or location), past games with
 * 6 to 10 seats (a few players play most of them, as in real life), results for most of them
 * and ratings: everything in a few set-based statements (row-by-row inserts would take
 * minutes). `courts` bench courts are added first; the games are spread over every court in
 * the table (their ids must be contiguous, as a fresh table's are).
 */
export async function seedPlayersAndGames(
  db: Queryable,
  {
    players: PLAYERS,
    games: GAMES,
    courts: COURTS = 0,
  }: { players: number; games: number; courts?: number },
) {
  const cities = textArray(CITIES.map(([city]) => city));
  const states = textArray(CITIES.map(([, state]) => state));
  const positions = textArray(POSITIONS);
  const duration = sql.raw(`interval '${GAME_DURATION_MINUTES} minutes'`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into users (email, first_name, city, state)
    select 'bench' || i || '@example.com', 'Bench', (${cities})[1 + i % ${CITIES.length}],
      (${states})[1 + i % ${CITIES.length}]
    from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`insert into player_profiles (user_id, nickname, primary_position, location, created_at)
    select id, 'Baller ' || row_number() over (order by id), (${positions})[1 + floor(random() * 5)::int],
      case when random() < 0.3 then 'Venice Beach' end, now() - random() * interval '365 days'
    from users`);
  await db.execute(sql`insert into user_settings (user_id, show_stats, show_location)
    select id, random() > 0.5, random() > 0.5 from users where random() < 0.1`);
  await db.execute(sql`create temporary table bench_players as
    select row_number() over (order by id) as n, id from users`);
  await db.execute(sql`create index on bench_players (n)`);
  if (COURTS > 0) {
    await db.execute(sql`insert into courts (name, latitude, longitude, time_zone)
      select 'Bench Court ' || i, 34 + random(), -118 + random(), 'America/Los_Angeles'
      from generate_series(1, ${COURTS}) i`);
  }
  const [court] = (
    (await db.execute(sql`select count(*)::int as n from courts`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const courtCount = court?.n ?? 0;
  // Organizers and seats drawn with random()^3: a few players play most games.
  await db.execute(sql`insert into games (court_id, organizer_id, scheduled_at, max_players, current_players, status)
    select draws.court_id, p.id, draws.scheduled_at, 10, 1, draws.status
    from (
      select (select min(id) from courts) + floor(random() * ${courtCount})::int as court_id,
        1 + floor(power(random(), 3) * ${PLAYERS})::int as n,
        now() - ${duration} - random() * interval '60 days' as scheduled_at,
        case when random() < 0.03 then 'cancelled' else 'open' end as status
      from generate_series(1, ${GAMES})
    ) draws
    join bench_players p on p.n = draws.n`);
  await db.execute(sql`insert into game_participants (game_id, user_id, status)
    select id, organizer_id, 'confirmed' from games`);
  // Draws first, then an equality join: a random() inside the join condition would force a
  // nested loop over every game and player.
  await db.execute(sql`insert into game_participants (game_id, user_id)
    select picks.game_id, p.id from (
      select g.id as game_id, 1 + floor(power(random(), 3) * ${PLAYERS})::int as n
      from games g cross join lateral generate_series(1, 5 + floor(random() * 5)::int + 0 * g.id) k
    ) picks
    join bench_players p on p.n = picks.n
    on conflict do nothing`);
  await db.execute(sql`update games set current_players = seats.n
    from (select game_id, count(*)::int as n from game_participants group by game_id) seats
    where seats.game_id = games.id`);
  await db.execute(sql`insert into game_results (game_id, team_a_score, team_b_score, recorded_by)
    select id, 21, floor(random() * 21)::int + case when random() < 0.5 then 0 else 22 end, organizer_id
    from games where status = 'open' and random() < 0.8`);
  await db.execute(sql`update game_participants set team = case when random() < 0.5 then 'A' else 'B' end
    where game_id in (select game_id from game_results)`);
  await db.execute(sql`insert into player_ratings (game_id, rater_id, ratee_id, rating)
    select gp.game_id, gp.user_id, g.organizer_id, 3 + floor(random() * 3)::int
    from game_participants gp join games g on g.id = gp.game_id
    where gp.user_id <> g.organizer_id and g.status = 'open'`);
  await db.execute(sql`analyze`);
}
