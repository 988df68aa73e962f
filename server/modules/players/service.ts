import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { EARTH_RADIUS, type LatLng } from "../../../common/geo.ts";
import { playerLocation } from "../../../common/player-location.ts";
import {
  NEARBY_LIMIT,
  NEARBY_RADIUS_MILES,
  type NearbyPlayer,
  skillMatchOf,
} from "../../../common/players.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { inIndexOrder } from "../../db/index-order.ts";
import { playerNearKeys, playerProfiles, userSettings, users } from "../../db/schema.ts";
import { float, greatCircleSql, roundMiles, withinDistanceSql } from "../../lib/geo.ts";

type Skills = readonly [number, number, number, number, number];
type Caller = {
  latitude: number | null;
  longitude: number | null;
  skills: Skills | null;
};

async function callerOf(db: Queryable, userId: string): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, profile: playerProfiles })
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const p = row.profile;
  return {
    latitude: row.user.latitude,
    longitude: row.user.longitude,
    skills: p ? [p.skillHandles, p.skillShot, p.skillIq, p.skillVert, p.skillDefense] : null,
  };
}

/**
 * Players with a profile within NEARBY_RADIUS_MILES of the caller's saved position: never the
 * caller, never a player who hides their location (settings) or has none. Available players
 * first, then the closest skills (sum of the five differences) when the caller has a profile,
 * then the nearest. A caller without a saved position gets an empty list: "near" needs a
 * "here", and guessing one would show strangers from anywhere. A caller with a profile is
 * answered by walking player_near_keys in key order (decisions §66); one without, rarer, by
 * every player in the circle (nearbyPlayersQuery).
 */
export async function nearbyPlayers(db: Db, userId: string): Promise<NearbyPlayer[]> {
  const caller = await callerOf(db, userId);
  if (!caller || caller.latitude === null || caller.longitude === null) return [];
  const here = { latitude: caller.latitude, longitude: caller.longitude };
  const skills = caller.skills;
  const rows = skills
    ? await inIndexOrder(db, (tx) => nearbyByKey(tx, userId, here, skills))
    : await nearbyPlayersQuery(db, userId, here, null);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    nickname: r.nickname,
    primaryPosition: r.primaryPosition,
    profileImageUrl: r.profileImageUrl,
    isAvailable: r.isAvailable,
    location: playerLocation({ area: r.area, city: r.city, state: r.state }),
    distanceMiles: roundMiles(Number(r.distance)),
    skillAverage: Math.round((Number(r.skillSum) / 5) * 10) / 10,
    skillGap: r.skillGap === null ? null : Number(r.skillGap),
    skillMatch: r.skillGap === null ? null : skillMatchOf(Number(r.skillGap)),
  }));
}

/** The sum of the five skill differences to `skills`, or null when the caller has none. */
function skillGapSql(skills: Skills | null) {
  const p = playerProfiles;
  return skills
    ? sql<number>`(abs(${p.skillHandles} - ${skills[0]}::int) + abs(${p.skillShot} - ${skills[1]}::int) +
        abs(${p.skillIq} - ${skills[2]}::int) + abs(${p.skillVert} - ${skills[3]}::int) +
        abs(${p.skillDefense} - ${skills[4]}::int))::int`
    : sql<null>`null::int`;
}

/** What a nearby player's card shows, from users and player_profiles. */
function nearbyColumns(here: LatLng, skills: Skills | null) {
  const p = playerProfiles;
  return {
    id: users.id,
    firstName: users.firstName,
    profileImageUrl: users.profileImageUrl,
    city: users.city,
    state: users.state,
    nickname: p.nickname,
    primaryPosition: p.primaryPosition,
    isAvailable: p.isAvailable,
    area: p.location,
    skillSum: sql<number>`${p.skillHandles} + ${p.skillShot} + ${p.skillIq} + ${p.skillVert} + ${p.skillDefense}`,
    skillGap: skillGapSql(skills),
    distance: greatCircleSql(users.latitude, users.longitude, here),
  };
}

/**
 * Every player in the circle, sorted: the read for a caller without a profile (and the
 * reference the key walk is tested against). Unrun: its plan is checked in places-index.test.ts.
 */
export function nearbyPlayersQuery(
  db: Queryable,
  userId: string,
  here: LatLng,
  skills: Skills | null,
) {
  const columns = nearbyColumns(here, skills);
  const { distance, skillGap: gap } = columns;
  const p = playerProfiles;
  return (
    db
      .select(columns)
      .from(users)
      .innerJoin(p, eq(p.userId, users.id))
      // A join, not a subquery per row: PostgreSQL JIT-compiled the subquery on every call.
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        and(
          sql`${users.id} <> ${userId}`,
          withinDistanceSql(users.latitude, users.longitude, here, NEARBY_RADIUS_MILES),
          sql`coalesce(${userSettings.showLocation}, true)`,
        ),
      )
      .orderBy(sql`${p.isAvailable} desc`, sql`${gap} asc nulls last`, distance, users.id)
      .limit(NEARBY_LIMIT)
  );
}

/** A key's step for a player who is not available: more than any skill gap plus distance. */
const AWAY = 100;
/** The sphere's radius in key units: a nearby radius's chord stays under 1 in taxicab terms. */
const SPHERE = 40;
const chordOf = (miles: number) => SPHERE * 2 * Math.sin(miles / EARTH_RADIUS.mi / 2);

/** A position as the key's last three dimensions (the SQL twin is in migration 0034). */
function spherePoint({ latitude, longitude }: LatLng): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  return [
    SPHERE * Math.cos(lat) * Math.cos(lng),
    SPHERE * Math.cos(lat) * Math.sin(lng),
    SPHERE * Math.sin(lat),
  ];
}

const cubeOf = (...corners: number[][]): SQL =>
  sql`cube(${sql.join(
    corners.map((c) => sql`array[${sql.join(c.map(float), sql`, `)}]`),
    sql`, `,
  )})`;

/**
 * The first `limit` findable players in key order from (available, the caller's skills, the
 * caller's position), inside the box around the circle (any skill, any availability); of them,
 * the page of those in the circle in the list's order, each with how many rows the walk read
 * and the last key it read. Unrun: its plan is checked in places-index.test.ts.
 */
export function nearbyPlayersWalkQuery(
  db: Queryable,
  userId: string,
  here: LatLng,
  skills: Skills,
  limit: number,
) {
  const point = spherePoint(here);
  const reach = chordOf(NEARBY_RADIUS_MILES) + 1e-6;
  const k = playerNearKeys;
  const keyDistance = sql<number>`${k.nearKey} <#> ${cubeOf([0, ...skills, ...point])}`;
  const box = cubeOf(
    [0, 1, 1, 1, 1, 1, ...point.map((c) => c - reach)],
    [AWAY, 5, 5, 5, 5, 5, ...point.map((c) => c + reach)],
  );
  const walk = db
    .select({ userId: k.userId, key: keyDistance.as("key") })
    .from(k)
    .where(and(sql`${k.nearKey} <@ ${box}`, ne(k.userId, userId)))
    .orderBy(keyDistance)
    .limit(limit)
    .as("walk");
  // Counted over the walk's rows, after its limit: what was read, whichever rows the page keeps.
  const read = db
    .select({
      userId: walk.userId,
      walked: sql<number>`count(*) over ()`.as("walked"),
      lastKey: sql<number>`max(${walk.key}) over ()`.as("last_key"),
    })
    .from(walk)
    .as("read");
  const columns = nearbyColumns(here, skills);
  return db
    .select({ ...columns, walked: read.walked, lastKey: read.lastKey })
    .from(read)
    .innerJoin(users, eq(users.id, read.userId))
    .innerJoin(playerProfiles, eq(playerProfiles.userId, read.userId))
    .where(sql`${columns.distance} <= ${float(NEARBY_RADIUS_MILES)}`)
    .orderBy(
      sql`${playerProfiles.isAvailable} desc`,
      sql`${columns.skillGap} asc`,
      columns.distance,
      users.id,
    )
    .limit(NEARBY_LIMIT);
}

/**
 * The page from the key walk. A key is the row's group (availability and skill gap) plus the
 * taxicab length of its offset on the sphere, which is between 1 and √3 times the straight
 * one: so a walk that ends at key K has read every row whose group is below floor(K), and in
 * group floor(K) every row nearer than (K − group) / √3. Walk again, four times as far, until
 * the page's last row lies within what was surely read whole, or the box ran out. Run in
 * inIndexOrder: the planner guesses a handful of rows for any box and would rather read the
 * whole box through a bitmap and sort it.
 */
async function nearbyByKey(db: Queryable, userId: string, here: LatLng, skills: Skills) {
  for (let limit = 4 * NEARBY_LIMIT; ; limit *= 4) {
    const page = await nearbyPlayersWalkQuery(db, userId, here, skills, limit);
    const edge = page.at(-1);
    // Nobody of the walk in the circle: the circle is all but empty, so read it whole.
    if (!edge) return nearbyPlayersQuery(db, userId, here, skills);
    if (Number(edge.walked) < limit) return page;
    if (page.length < NEARBY_LIMIT) continue;
    const lastKey = Number(edge.lastKey);
    const group = (edge.isAvailable ? 0 : AWAY) + Number(edge.skillGap);
    if (Math.floor(lastKey) > group) return page;
    if ((lastKey - group) / Math.sqrt(3) > chordOf(Number(edge.distance)) + 1e-9) return page;
  }
}
