import { and, eq, sql } from "drizzle-orm";
import type { LatLng } from "../../../common/geo.ts";
import { playerLocation } from "../../../common/player-location.ts";
import {
  NEARBY_LIMIT,
  NEARBY_RADIUS_MILES,
  type NearbyPlayer,
  skillMatchOf,
} from "../../../common/players.ts";
import type { Queryable } from "../../db/client.ts";
import { playerProfiles, userSettings, users } from "../../db/schema.ts";
import { greatCircleSql, roundMiles, withinDistanceSql } from "../../lib/geo.ts";

type Caller = {
  latitude: number | null;
  longitude: number | null;
  skills: readonly [number, number, number, number, number] | null;
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
 * "here", and guessing one would show strangers from anywhere. The box around the circle is
 * read from users_position_gist_idx; only the players inside it get an exact distance.
 */
export async function nearbyPlayers(db: Queryable, userId: string): Promise<NearbyPlayer[]> {
  const caller = await callerOf(db, userId);
  if (!caller || caller.latitude === null || caller.longitude === null) return [];
  const here = { latitude: caller.latitude, longitude: caller.longitude };
  const rows = await nearbyPlayersQuery(db, userId, here, caller.skills);
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

/** The read behind nearbyPlayers, unrun: its plan is checked in places-index.test.ts. */
export function nearbyPlayersQuery(
  db: Queryable,
  userId: string,
  here: LatLng,
  skills: Caller["skills"],
) {
  const distance = greatCircleSql(users.latitude, users.longitude, here);
  const p = playerProfiles;
  const gap = skills
    ? sql<number>`(abs(${p.skillHandles} - ${skills[0]}::int) + abs(${p.skillShot} - ${skills[1]}::int) +
        abs(${p.skillIq} - ${skills[2]}::int) + abs(${p.skillVert} - ${skills[3]}::int) +
        abs(${p.skillDefense} - ${skills[4]}::int))::int`
    : sql<null>`null::int`;

  return (
    db
      .select({
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
        skillGap: gap,
        distance,
      })
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
