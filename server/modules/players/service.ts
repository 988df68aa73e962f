import { and, eq, sql } from "drizzle-orm";
import type { LatLng } from "../../../common/geo.ts";
import { playerLocation } from "../../../common/player-location.ts";
import {
  NEARBY_LIMIT,
  NEARBY_RADIUS_MILES,
  type NearbyPlayer,
  skillMatchOf,
} from "../../../common/players.ts";
import type { CurrentUser } from "../../../common/user.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { playerProfiles, userSettings, users } from "../../db/schema.ts";
import { greatCircleSql, roundMiles, withinDistanceSql } from "../../lib/geo.ts";
import {
  cardColumns,
  type Findable,
  type Measured,
  nearestInCell,
  playerCellAround,
  type Skills,
} from "./nearby-cells.ts";

export type Caller = {
  latitude: number | null;
  longitude: number | null;
  skills: Skills | null;
};

const callerRead = perDatabase((db) => {
  const p = playerProfiles;
  return db
    .select({
      latitude: users.latitude,
      longitude: users.longitude,
      // Null without a profile (a left join gives nulls).
      skills: sql<Skills | null>`case when ${p.userId} is null then null else
        array[${p.skillHandles}, ${p.skillShot}, ${p.skillIq}, ${p.skillVert}, ${p.skillDefense}] end`,
    })
    .from(users)
    .leftJoin(p, eq(p.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("nearby_caller");
});

async function callerOf(db: Queryable, userId: string): Promise<Caller | null> {
  const [row] = await callerRead(db).execute({ userId });
  return row ?? null;
}

/** The caller as the session already read them (session-plugin.ts): no second read. */
export function callerFromSession(user: CurrentUser): Caller {
  const p = user.profile;
  return {
    latitude: user.latitude,
    longitude: user.longitude,
    skills: p ? [p.skillHandles, p.skillShot, p.skillIq, p.skillVert, p.skillDefense] : null,
  };
}

/**
 * Players with a profile within NEARBY_RADIUS_MILES of the caller's saved position: never the
 * caller, never a player who hides their location (settings) or has none. Available players
 * first, then the closest skills (sum of the five differences) when the caller has a profile,
 * then the nearest. A caller without a saved position gets an empty list: "near" needs a
 * "here", and guessing one would show strangers from anywhere. A caller with a profile is
 * answered from the players of their cell, read once for every caller in it (nearby-cells.ts,
 * decisions §74); one without, rarer, by every player in the circle (nearbyPlayersQuery).
 */
export async function nearbyPlayers(
  db: Db,
  userId: string,
  known?: Caller,
): Promise<NearbyPlayer[]> {
  const page = await nearbyPage(db, userId, known);
  return "cards" in page ? page.cards : page.measured.map(cardOf);
}

/** nearbyPlayers as the JSON text the route sends: most of each card encoded once per cell. */
export async function nearbyPlayersJson(db: Db, userId: string, known?: Caller): Promise<string> {
  const page = await nearbyPage(db, userId, known);
  return "cards" in page
    ? JSON.stringify(page.cards)
    : `[${page.measured.map(cardJsonOf).join(",")}]`;
}

async function nearbyPage(
  db: Db,
  userId: string,
  known?: Caller,
): Promise<{ cards: NearbyPlayer[] } | { measured: Measured[] }> {
  const caller = known ?? (await callerOf(db, userId));
  if (!caller || caller.latitude === null || caller.longitude === null) return { cards: [] };
  const here = { latitude: caller.latitude, longitude: caller.longitude };
  if (caller.skills) {
    const cell = await playerCellAround(db, here);
    return { measured: nearestInCell(cell, userId, here, caller.skills) };
  }
  const rows = await nearbyPlayersQuery(db, userId, here);
  return { cards: rows.map((row) => nearbyCard({ ...row, skillGap: null })) };
}

type CardRow = Pick<
  NearbyPlayer,
  "id" | "firstName" | "nickname" | "primaryPosition" | "profileImageUrl" | "isAvailable"
> & {
  area: string | null;
  city: string | null;
  state: string | null;
  distance: number;
  skillSum: number;
  skillGap: number | null;
};

type Sameness = Omit<NearbyPlayer, "distanceMiles" | "skillGap" | "skillMatch">;

/** What a card shows whoever looks (the viewer's distance and skill gap come last). */
function samenessOf(r: Omit<CardRow, "distance" | "skillGap">): Sameness {
  return {
    id: r.id,
    firstName: r.firstName,
    nickname: r.nickname,
    primaryPosition: r.primaryPosition,
    profileImageUrl: r.profileImageUrl,
    isAvailable: r.isAvailable,
    location: playerLocation({ area: r.area, city: r.city, state: r.state }),
    skillAverage: Math.round((Number(r.skillSum) / 5) * 10) / 10,
  };
}

const viewerPart = (miles: number, gap: number | null) => ({
  distanceMiles: roundMiles(Number(miles)),
  skillGap: gap,
  skillMatch: gap === null ? null : skillMatchOf(gap),
});

function nearbyCard(r: CardRow): NearbyPlayer {
  return { ...samenessOf(r), ...viewerPart(r.distance, r.skillGap) };
}

/** A cell's player's card for every viewer, and its JSON without the closing brace. */
const samenessByPlayer = new WeakMap<Findable, { card: Sameness; head: string }>();

function samenessOfPlayer(player: Findable) {
  let known = samenessByPlayer.get(player);
  if (!known) {
    const card = samenessOf({
      ...player,
      skillSum: player.skills.reduce((sum, skill) => sum + skill, 0),
    });
    known = { card, head: JSON.stringify(card).slice(0, -1) };
    samenessByPlayer.set(player, known);
  }
  return known;
}

const cardOf = ({ player, miles, gap }: Measured): NearbyPlayer => ({
  ...samenessOfPlayer(player).card,
  ...viewerPart(miles, gap),
});

/** cardOf's JSON, letter for letter. */
function cardJsonOf({ player, miles, gap }: Measured): string {
  const { distanceMiles, skillMatch } = viewerPart(miles, gap);
  return `${samenessOfPlayer(player).head},"distanceMiles":${distanceMiles},"skillGap":${gap},"skillMatch":${skillMatch}}`;
}

/** A nearby player's card with how far the caller is. */
function nearbyColumns(here: LatLng) {
  const p = playerProfiles;
  return {
    ...cardColumns,
    skillSum: sql<number>`${p.skillHandles} + ${p.skillShot} + ${p.skillIq} + ${p.skillVert} + ${p.skillDefense}`,
    distance: greatCircleSql(users.latitude, users.longitude, here),
  };
}

/**
 * Every player in the circle, available ones first, then the nearest: the read for a caller
 * without a profile (no skills to order by). Unrun: its plan is checked in
 * places-index.test.ts.
 */
export function nearbyPlayersQuery(db: Queryable, userId: string, here: LatLng) {
  const columns = nearbyColumns(here);
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
      .orderBy(sql`${p.isAvailable} desc`, columns.distance, users.id)
      .limit(NEARBY_LIMIT)
  );
}
