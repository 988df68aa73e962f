import { type AnyColumn, and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { LatLng } from "../../../common/geo.ts";
import {
  LEVEL_MAX,
  LEVEL_MIN,
  LEVEL_WIDTH,
  MU_AVERAGE,
  SIGMA_SETTLING,
} from "../../../common/levels.ts";
import { playerLocation } from "../../../common/player-location.ts";
import {
  NEARBY_LIMIT,
  NEARBY_RADIUS_MILES,
  type NearbyPlayer,
  skillMatchOf,
} from "../../../common/players.ts";
import type { Reliability } from "../../../common/reliability.ts";
import type { Queryable } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { unblockedSql } from "../../db/player-pairs.ts";
import { playerProfiles, skillRatings, userSettings, users } from "../../db/schema.ts";
import { earthPointSql, float, greatCircleSql, roundMiles } from "../../lib/geo.ts";
import { reliabilityOf } from "../attendance/reliability.ts";
import { startingRating } from "../levels/model.ts";

export type Skills = readonly [number, number, number, number, number];

export type Caller = {
  latitude: number | null;
  longitude: number | null;
  skills: Skills | null;
  /** The caller's learned rating, when results have settled it (decision 110). */
  settledMu: number | null;
};

/**
 * How many findable players, nearest first, the page is ranked from. The index hands them over
 * in distance order, so a request costs the same in a town and in a city of thousands; in a
 * city, the page is the best matches among these nearest (decision 092).
 */
export const NEARBY_CANDIDATES = 300;

/** A rating settled enough to match players by (common/levels.ts); null without a rating row. */
const settledSql = sql`${skillRatings.sigma} < ${float(SIGMA_SETTLING)}`;

/** A rating's mean on the level scale, unrounded (levelOf's twin, for ordering). */
const levelSql = (mu: SQL | AnyColumn) =>
  sql`greatest(${float(LEVEL_MIN)}, least(${float(LEVEL_MAX)},
    3 + (${mu} - ${float(MU_AVERAGE)}) / ${float(LEVEL_WIDTH)}))`;

/**
 * Five skills differ by five times one level: a level gap in skill-gap units, so a match by
 * level and a match by skills rank on one scale (0–20).
 */
const LEVEL_GAP_WEIGHT = 5;

const callerRead = perDatabase((db) => {
  const p = playerProfiles;
  return db
    .select({
      latitude: users.latitude,
      longitude: users.longitude,
      // Null without a profile (a left join gives nulls).
      skills: sql<Skills | null>`case when ${p.userId} is null then null else
        array[${p.skillHandles}, ${p.skillShot}, ${p.skillIq}, ${p.skillVert}, ${p.skillDefense}] end`,
      settledMu: sql<number | null>`case when ${settledSql} then ${skillRatings.mu} end`,
    })
    .from(users)
    .leftJoin(p, eq(p.userId, users.id))
    .leftJoin(skillRatings, eq(skillRatings.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("nearby_caller");
});

async function callerOf(db: Queryable, userId: string): Promise<Caller | null> {
  const [row] = await callerRead(db).execute({ userId });
  return row ?? null;
}

/** What the read is given per request: the caller, where they are and their skills. */
type NearbyArgs = ReturnType<typeof nearbyArgsOf>;

/**
 * The read's arguments for a caller with a position (skills null without a profile; settledMu
 * null until results have settled their rating).
 */
export function nearbyArgsOf(
  userId: string,
  here: LatLng,
  skills: Skills | null,
  settledMu: number | null = null,
) {
  const lat = (here.latitude * Math.PI) / 180;
  const lng = (here.longitude * Math.PI) / 180;
  const [handles = null, shot = null, iq = null, vert = null, defense = null] = skills ?? [];
  return {
    userId,
    // The caller as earthPointSql's point on the unit sphere.
    x: Math.cos(lat) * Math.cos(lng),
    y: Math.cos(lat) * Math.sin(lng),
    z: Math.sin(lat),
    latitude: here.latitude,
    longitude: here.longitude,
    handles,
    shot,
    iq,
    vert,
    defense,
    settledMu,
  };
}

/**
 * The page, one statement (unrun, so its plan can be checked; `arg` gives each argument, a
 * placeholder for the prepared statement): the NEARBY_CANDIDATES findable players nearest the caller, walked
 * in distance order from users_earth_point_gist_idx (never the caller, never a player who hides
 * their location or has no profile), then those within NEARBY_RADIUS_MILES ranked: available
 * first, then the closest match, then the nearest, then id. The match is by level when both the
 * caller's and the player's ratings are settled (LEVEL_GAP_WEIGHT × the level gap), else by
 * the five self-rated skills (sum of the differences; null for a caller without a profile).
 */
export function nearbyPlayersQuery(
  db: Queryable,
  arg: (name: keyof NearbyArgs) => SQL | Placeholder,
) {
  const param = (name: keyof NearbyArgs) => sql`${arg(name)}::double precision`;
  const skillParam = (name: keyof NearbyArgs) => sql`${arg(name)}::int`;
  const p = playerProfiles;
  const here = sql`cube(array[${param("x")}, ${param("y")}, ${param("z")}])`;
  const gap = (column: AnyColumn, name: keyof NearbyArgs) =>
    sql`abs(${column} - ${skillParam(name)})`;
  const candidates = db
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
      skillSum:
        sql<number>`${p.skillHandles} + ${p.skillShot} + ${p.skillIq} + ${p.skillVert} + ${p.skillDefense}`.as(
          "skill_sum",
        ),
      matchGap: sql<number | null>`case
        when ${param("settledMu")} is not null and ${settledSql}
          then ${LEVEL_GAP_WEIGHT} * abs(${levelSql(skillRatings.mu)} - ${levelSql(param("settledMu"))})
        else ${gap(p.skillHandles, "handles")} + ${gap(p.skillShot, "shot")} +
          ${gap(p.skillIq, "iq")} + ${gap(p.skillVert, "vert")} + ${gap(p.skillDefense, "defense")}
        end`.as("match_gap"),
      ratingMu: sql<number | null>`${skillRatings.mu}`.as("rating_mu"),
      ratingSigma: sql<number | null>`${skillRatings.sigma}`.as("rating_sigma"),
      ratingGames: sql<number | null>`${skillRatings.games}`.as("rating_games"),
      distance: greatCircleSql(users.latitude, users.longitude, {
        latitude: param("latitude"),
        longitude: param("longitude"),
      }).as("distance"),
    })
    .from(users)
    .innerJoin(p, eq(p.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(skillRatings, eq(skillRatings.userId, users.id))
    .where(
      and(
        // The index's own condition: it holds only rows with a position.
        sql`${users.latitude} is not null and ${users.longitude} is not null`,
        sql`${users.id} <> ${arg("userId")}`,
        sql`coalesce(${userSettings.showLocation}, true)`,
      ),
    )
    .orderBy(sql`${earthPointSql(users.latitude, users.longitude)} <-> ${here}`)
    .limit(NEARBY_CANDIDATES)
    .as("candidates");
  return db
    .select()
    .from(candidates)
    .where(
      and(
        sql`${candidates.distance} <= ${float(NEARBY_RADIUS_MILES)}`,
        // Among the few hundred candidates, not in the index scan: its plan stays as it was.
        unblockedSql(arg("userId"), candidates.id),
      ),
    )
    .orderBy(desc(candidates.isAvailable), candidates.matchGap, candidates.distance, candidates.id)
    .limit(NEARBY_LIMIT);
}

const nearbyRead = perDatabase((db) =>
  nearbyPlayersQuery(db, (name) => sql.placeholder(name)).prepare("nearby_players"),
);

type CardRow = Pick<
  NearbyPlayer,
  "id" | "firstName" | "nickname" | "primaryPosition" | "profileImageUrl" | "isAvailable"
> & {
  area: string | null;
  city: string | null;
  state: string | null;
  distance: number;
  skillSum: number;
  matchGap: number | null;
  ratingMu: number | null;
  ratingSigma: number | null;
  ratingGames: number | null;
};

/** The learned rating, or where the self-rating starts a player with no result yet. */
function ratingOf(r: CardRow): NearbyPlayer["rating"] {
  if (r.ratingMu !== null && r.ratingSigma !== null) {
    return { mu: r.ratingMu, sigma: r.ratingSigma, games: r.ratingGames ?? 0 };
  }
  return { ...startingRating([Number(r.skillSum) / 5]), games: 0 };
}

function cardOf(r: CardRow, reliability: Reliability): NearbyPlayer {
  const gap = r.matchGap === null ? null : Math.round(Number(r.matchGap));
  return {
    id: r.id,
    firstName: r.firstName,
    nickname: r.nickname,
    primaryPosition: r.primaryPosition,
    profileImageUrl: r.profileImageUrl,
    isAvailable: r.isAvailable,
    location: playerLocation({ area: r.area, city: r.city, state: r.state }),
    skillAverage: Math.round((Number(r.skillSum) / 5) * 10) / 10,
    distanceMiles: roundMiles(Number(r.distance)),
    skillGap: gap,
    skillMatch: gap === null ? null : skillMatchOf(gap),
    rating: ratingOf(r),
    reliability,
  };
}

/**
 * Players with a profile near the caller's saved position, best matches first (nearbyRead).
 * A caller without a saved position gets an empty list: "near" needs a "here", and guessing
 * one would show strangers from anywhere.
 */
export async function nearbyPlayers(db: Queryable, userId: string): Promise<NearbyPlayer[]> {
  const caller = await callerOf(db, userId);
  if (!caller || caller.latitude === null || caller.longitude === null) return [];
  const here = { latitude: caller.latitude, longitude: caller.longitude };
  const args = nearbyArgsOf(userId, here, caller.skills, caller.settledMu);
  const rows = await nearbyRead(db).execute(args);
  // Every card's record in one statement, whatever the number of cards.
  const records = await reliabilityOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r, i) =>
    cardOf(r, records[i] ?? { userId: r.id, expected: 0, present: 0, lateDrops: 0 }),
  );
}
