import { and, eq, sql } from "drizzle-orm";
import { boundingBox, distanceBetween, EARTH_RADIUS, type LatLng } from "../../../common/geo.ts";
import { NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "../../../common/players.ts";
import type { Queryable } from "../../db/client.ts";
import { perDatabase } from "../../db/per-database.ts";
import { playerProfiles, userSettings, users } from "../../db/schema.ts";
import { float, greatCircleSql, pointInBoxSql } from "../../lib/geo.ts";
import { mapCells } from "../../lib/map-cells.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import { publish } from "../events/publish.ts";

/** Callers are grouped by cells of this many degrees (about 35 miles of latitude). */
export const PLAYER_CELL_DEGREES = 0.5;

/**
 * How long a cell's players are kept at most. A change (a profile, a privacy setting, a new
 * position, a deleted account) drops them at once on the instance that made it
 * (nearbyPlayerChanged), and on the others when they hear its `player.changed`
 * (followPlayerChanges): this bounds only a change whose event is lost (a LISTEN outage).
 */
export const NEARBY_CELL_MAX_AGE_MS = 10_000;

export type Skills = readonly [number, number, number, number, number];

/** A findable player as a nearby card shows them, with what orders them. */
export type Findable = {
  id: string;
  firstName: string | null;
  profileImageUrl: string | null;
  city: string | null;
  state: string | null;
  nickname: string;
  primaryPosition: string;
  isAvailable: boolean;
  area: string | null;
  latitude: number;
  longitude: number;
  skills: Skills;
};

/** A findable player as the caller sees them: how far, how far apart in skills. */
export type Measured = { player: Findable; miles: number; gap: number };

/** A cell's findable players, grouped by availability and then by their five skills. */
export type PlayerCell = {
  available: Map<number, Findable[]>;
  away: Map<number, Findable[]>;
  /** Everyone in the cell, so a player's change drops the cells that show them. */
  ids: Set<string>;
};

const playerCells = mapCells(PLAYER_CELL_DEGREES, NEARBY_RADIUS_MILES);

/** The cell a caller falls in, and the circle around its centre that covers its callers. */
export const playerCellOf = playerCells.of;

/** Skills of 1 to 5 as one number, so players with the same five share a group. */
const groupOf = (skills: Skills) =>
  skills.reduce((group, skill) => group * 5 + (skill - 1), 0 as number);

const skillsOfGroup = (group: number): Skills => {
  const skills = [0, 0, 0, 0, 0];
  for (let i = 4, rest = group; i >= 0; i -= 1, rest = Math.floor(rest / 5)) {
    skills[i] = (rest % 5) + 1;
  }
  return skills as unknown as Skills;
};

const gapBetween = (a: Skills, b: Skills) =>
  Math.abs(a[0] - b[0]) +
  Math.abs(a[1] - b[1]) +
  Math.abs(a[2] - b[2]) +
  Math.abs(a[3] - b[3]) +
  Math.abs(a[4] - b[4]);

export function groupPlayers(players: readonly Findable[]): PlayerCell {
  const cell: PlayerCell = { available: new Map(), away: new Map(), ids: new Set() };
  for (const player of players) {
    cell.ids.add(player.id);
    const groups = player.isAvailable ? cell.available : cell.away;
    const group = groupOf(player.skills);
    const members = groups.get(group);
    if (members) members.push(player);
    else groups.set(group, [player]);
  }
  // By latitude, so a caller's nearest are found walking out from their own.
  for (const groups of [cell.available, cell.away]) {
    for (const members of groups.values()) members.sort((a, b) => a.latitude - b.latitude);
  }
  return cell;
}

/** Miles of latitude per degree: no two points are nearer than their latitudes are apart. */
const MILES_PER_DEGREE = (EARTH_RADIUS.mi * Math.PI) / 180;

const nearerFirst = (a: Measured, b: Measured) =>
  a.miles - b.miles || (a.player.id < b.player.id ? -1 : a.player.id > b.player.id ? 1 : 0);

/** The `size` nearest offered, the farthest of them on top (a binary max-heap). */
function nearestKept(size: number) {
  const heap: Measured[] = [];
  const above = (i: number, j: number) => nearerFirst(heap[i] as Measured, heap[j] as Measured) > 0;
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as Measured, heap[i] as Measured];
  };
  const sink = (from: number) => {
    for (let i = from; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < heap.length && above(left, top)) top = left;
      if (right < heap.length && above(right, top)) top = right;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  return {
    heap,
    /** Miles within which a player may still enter. */
    reach: () => (heap.length >= size ? (heap[0] as Measured).miles : NEARBY_RADIUS_MILES),
    offer(measured: Measured) {
      if (heap.length < size) {
        heap.push(measured);
        for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) {
          swap(i, (i - 1) >> 1);
        }
      } else if (nearerFirst(measured, heap[0] as Measured) < 0) {
        heap[0] = measured;
        sink(0);
      }
    },
  };
}

/** Lowest index in `members` (by latitude) at or above `latitude`. */
function firstAtOrAbove(members: readonly Findable[], latitude: number): number {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((members[middle] as Findable).latitude < latitude) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The caller's page from their cell (nearbyPlayers' order: available first, then the closest
 * skills, then the nearest, then id). Groups are visited by skill gap, available ones first,
 * and the visit stops after the level that fills the page. Within a level the nearest are
 * found by walking each group out from the caller's latitude, only as far as the farthest
 * player kept: in a crowd of like players that reads a few hundred of thousands.
 */
export function nearestInCell(
  cell: PlayerCell,
  callerId: string,
  here: LatLng,
  skills: Skills,
): Measured[] {
  const page: Measured[] = [];
  const apart = (player: Findable) => Math.abs(player.latitude - here.latitude) * MILES_PER_DEGREE;
  for (const groups of [cell.available, cell.away]) {
    // Group levels by gap: 0 to 20.
    const levels: Findable[][][] = Array.from({ length: 21 }, () => []);
    for (const [group, members] of groups) {
      levels[gapBetween(skillsOfGroup(group), skills)]?.push(members);
    }
    for (const [gap, level] of levels.entries()) {
      const kept = nearestKept(NEARBY_LIMIT - page.length);
      // A hair of slack: the bound and the distance are rounded apart.
      const open = (player: Findable | undefined): player is Findable =>
        player !== undefined && apart(player) <= kept.reach() + 1e-9;
      for (const members of level) {
        let down = firstAtOrAbove(members, here.latitude) - 1;
        let up = down + 1;
        for (;;) {
          const below = members[down];
          const above = members[up];
          let next: Findable;
          if (open(below) && (!open(above) || apart(below) <= apart(above))) {
            next = below;
            down -= 1;
          } else if (open(above)) {
            next = above;
            up += 1;
          } else break;
          if (next.id === callerId) continue;
          const miles = distanceBetween(here, next);
          if (miles <= NEARBY_RADIUS_MILES) kept.offer({ player: next, miles, gap });
        }
      }
      page.push(...kept.heap.sort(nearerFirst));
      if (page.length >= NEARBY_LIMIT) return page;
    }
  }
  return page;
}

/** What a nearby card shows of any player, from users and player_profiles. */
export const cardColumns = {
  id: users.id,
  firstName: users.firstName,
  profileImageUrl: users.profileImageUrl,
  city: users.city,
  state: users.state,
  nickname: playerProfiles.nickname,
  primaryPosition: playerProfiles.primaryPosition,
  isAvailable: playerProfiles.isAvailable,
  area: playerProfiles.location,
};

/**
 * Every findable player within `reach` miles of `centre` whose latitude is in `band` (both
 * ends included): a slice of a cell's read (unrun).
 */
export function findableAroundQuery(
  db: Queryable,
  centre: LatLng,
  reach: number,
  [south, north]: readonly [number, number],
) {
  const box = boundingBox(centre, reach);
  const p = playerProfiles;
  return db
    .select({
      ...cardColumns,
      latitude: sql<number>`${users.latitude}`,
      longitude: sql<number>`${users.longitude}`,
      skills: sql<Skills>`array[${p.skillHandles}, ${p.skillShot}, ${p.skillIq}, ${p.skillVert}, ${p.skillDefense}]`,
    })
    .from(users)
    .innerJoin(p, eq(p.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        pointInBoxSql(users.latitude, users.longitude, [box.minLng, south, box.maxLng, north]),
        sql`${greatCircleSql(users.latitude, users.longitude, centre)} <= ${float(reach)}`,
        sql`coalesce(${userSettings.showLocation}, true)`,
      ),
    );
}

/** Latitude bands a cell is read in: a few hundred players each in a crowded city. */
export const CELL_READ_BANDS = 8;

/**
 * A cell's players, read in latitude bands: on the embedded database each statement holds the
 * server's only thread, and a crowded cell's thousands of rows at once held it for tens of
 * milliseconds. A player on a band's edge is read twice and kept once.
 */
export async function findableAround(
  db: Queryable,
  centre: LatLng,
  reach: number,
): Promise<Findable[]> {
  const { minLat, maxLat } = boundingBox(centre, reach);
  const step = (maxLat - minLat) / CELL_READ_BANDS;
  const found = new Map<string, Findable>();
  for (let band = 0; band < CELL_READ_BANDS; band += 1) {
    const south = minLat + band * step;
    const north = band === CELL_READ_BANDS - 1 ? maxLat : south + step;
    for (const player of await findableAroundQuery(db, centre, reach, [south, north])) {
      found.set(player.id, player);
    }
  }
  return [...found.values()];
}

const cellsOf = perDatabase((db: Queryable) =>
  sharedAnswers<PlayerCell>(
    async (key) => {
      const { centre, reach } = playerCells.ofKey(key);
      return groupPlayers(await findableAround(db, centre, reach));
    },
    // A crowded cell holds a few thousand players: the bound is on memory as much as keys.
    { maxAgeMs: NEARBY_CELL_MAX_AGE_MS, refreshAheadMs: 2_000, maxKeys: 200 },
  ),
);

/** The findable players around `here`'s cell, shared by every caller in it. */
export const playerCellAround = (db: Queryable, here: LatLng): Promise<PlayerCell> =>
  cellsOf(db).read(playerCellOf(here).key);

/**
 * After a player's card, privacy, position or account changed: drops this instance's cells that
 * show them and those around where they are now (they may have become findable or moved there),
 * before the writer is answered, and tells every instance (`player.changed`, to the player's
 * own streams too: their other devices refetch; `player.left` for a deleted account).
 */
export async function nearbyPlayerChanged(
  db: Queryable,
  userId: string,
  { left = false } = {},
): Promise<void> {
  await dropCellsOf(db, userId);
  // A deleted account's devices are signed out: `player.left` has them fetch nothing.
  const event = { type: left ? "player.left" : "player.changed" } as const;
  await publish(db, [{ event, to: { userId } }]);
}

/**
 * Drops this instance's cells on every instance's `player.changed` (this one's included: a
 * cell read again in between). Returns the function that stops it.
 */
export function followPlayerChanges(db: Queryable, hub: LiveHub): () => void {
  return hub.onEvent(({ userId, event }) => {
    const player = event.type === "player.changed" || event.type === "player.left";
    if (player && userId) void dropCellsOf(db, userId);
  });
}

/** Should their position not be readable, every cell goes. */
async function dropCellsOf(db: Queryable, userId: string): Promise<void> {
  const cells = cellsOf(db);
  let place: LatLng | null = null;
  try {
    const [row] = await db
      .select({ latitude: users.latitude, longitude: users.longitude })
      .from(users)
      .where(eq(users.id, userId));
    if (row?.latitude != null && row.longitude != null) {
      place = { latitude: row.latitude, longitude: row.longitude };
    }
  } catch {
    cells.invalidate();
    return;
  }
  cells.drop((key, cell) => {
    if (!cell || cell.ids.has(userId)) return true;
    if (!place) return false;
    const { centre, reach } = playerCells.ofKey(key);
    return distanceBetween(centre, place) <= reach;
  });
}
