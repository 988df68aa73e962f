import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  COURTS_COUNT_CAP,
  type Court,
  type CourtCluster,
  type CourtFilterQuery,
  type CourtListQuery,
  type CourtOverview,
  type CourtTile,
} from "../../../common/courts.ts";
import { type BBox, type Tile, tileBounds } from "../../../common/map-tiles.ts";
import type { Queryable } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { courtCheckIns, courts, FOLD_FROM, FOLD_TO } from "../../db/schema.ts";
import { float, pointInBoxSql } from "../../lib/geo.ts";
import { courtsByActivity } from "./active-order.ts";
import { courtColumns, staleCheckInSql } from "./court-columns.ts";

/**
 * The courts directory at national scale: every read goes through an index on the courts'
 * positions (GiST), their search text (GIN) or their order (B-tree), and answers one page or
 * one map tile, never the whole table.
 */

/**
 * A court tile is drawn 512 px wide (common/map-tiles.ts courtTileZoom): 8 × 8 cells of 64 px,
 * and courts closer than that share one marker.
 */
const CLUSTER_CELLS = 8;
/** From this tile zoom (the map at 16, a tile ~1.2 km wide) every court has its own marker. */
export const UNCLUSTERED_ZOOM = 15;
const FINE_CELLS = 128;

const position = sql`point(${courts.longitude}, ${courts.latitude})`;
const boxSql = (w: number, s: number, e: number, n: number) =>
  sql`box(point(${float(w)}, ${float(s)}), point(${float(e)}, ${float(n)}))`;

export function filtersSql({ type, lit, free }: CourtFilterQuery): SQL[] {
  const where: SQL[] = [];
  if (type) where.push(eq(courts.isIndoor, type === "indoor"));
  if (lit) where.push(eq(courts.lighting, true));
  if (free) where.push(eq(courts.freeToPlay, true));
  return where;
}

/**
 * A map box as the map sends it: a view panned across the antimeridian has a west below -180
 * or an east above 180, which is two boxes on the globe.
 */
export const insideSql = (bbox: BBox): SQL =>
  pointInBoxSql(courts.latitude, courts.longitude, bbox);

/** Every word of the search, as a prefix, in name, address or city (folded like the column). */
export function searchQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
}

export const searchSql = (query: string) =>
  sql`${courts.searchVector} @@ to_tsquery('simple', translate(lower(${query}), ${FOLD_FROM}, ${FOLD_TO}))`;

/** Nearest first by map distance, walking the GiST index (k-nearest-neighbour order). */
export const nearestSql = (near: { lat: number; lng: number }) =>
  sql`${position} <-> point(${float(near.lng)}, ${float(near.lat)})`;

function orderOf(query: CourtListQuery): SQL[] {
  if (query.near) return [nearestSql(query.near), asc(courts.id)];
  if (query.sort === "name") return [asc(courts.name), asc(courts.id)];
  return [desc(courts.rating), asc(courts.id)];
}

/**
 * GET /api/courts: one page of active courts and how many match (counted up to
 * COURTS_COUNT_CAP + 1, so a view of the whole country never counts 100,000 rows).
 */
export async function listCourts(
  db: Queryable,
  query: CourtListQuery,
): Promise<{ courts: Court[]; total: number }> {
  const where: SQL[] = [eq(courts.isActive, true), ...filtersSql(query)];
  if (query.bbox) {
    const inside = insideSql(query.bbox);
    if (inside) where.push(inside);
  }
  if (query.ids) where.push(sql`${courts.id} = any(${sql.param(query.ids)}::int4[])`);
  const search = query.q ? searchQuery(query.q) : null;
  if (search) where.push(searchSql(search));
  const condition = and(...where);

  const page =
    query.sort === "active" && !query.near
      ? await courtsByActivity(db, condition, query.limit, query.offset)
      : await db
          .select(courtColumns)
          .from(courts)
          .where(condition)
          .orderBy(...orderOf(query))
          .limit(query.limit)
          .offset(query.offset);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (
      select 1 from ${courts} where ${condition} limit ${COURTS_COUNT_CAP + 1}) as matching`,
  );
  return { courts: page, total: counted?.total ?? 0 };
}

type CellRow = {
  cx: number;
  cy: number;
  count: number;
  latitude: number;
  longitude: number;
  west: number;
  south: number;
  east: number;
  north: number;
  id: number;
};

/**
 * One map tile: its courts grouped by cells of the tile, a cell with one court answered as that
 * court and a cell with more as a cluster at their mean position. The tile's box selects the
 * rows through the GiST index; the grouping reads only those.
 */
export async function courtTile(
  db: Queryable,
  tile: Tile,
  filters: CourtFilterQuery,
): Promise<CourtTile> {
  const [west, south, east, north] = tileBounds(tile);
  const cells = tile.z >= UNCLUSTERED_ZOOM ? FINE_CELLS : CLUSTER_CELLS;
  const n = 2 ** tile.z;
  const lat = sql`radians(${courts.latitude})`;
  const mercatorY = sql`((1 - ln(tan(${lat}) + 1 / cos(${lat})) / pi()) / 2)`;
  // Whole numbers computed here, written as literals so PostgreSQL never guesses their types.
  const int = (value: number) => sql.raw(String(Math.trunc(value)));
  const cx = sql`least(${int(cells - 1)}, greatest(0, floor(((${courts.longitude} + 180) / 360 * ${int(n)} - ${int(tile.x)}) * ${int(cells)})))::int`;
  const cy = sql`least(${int(cells - 1)}, greatest(0, floor((${mercatorY} * ${int(n)} - ${int(tile.y)}) * ${int(cells)})))::int`;
  // Half-open edges: a court on the line between two tiles belongs to exactly one of them.
  const inTile = and(
    eq(courts.isActive, true),
    sql`${position} <@ ${boxSql(west, south, east, north)}`,
    sql`${courts.longitude} < ${float(east)} and ${courts.latitude} > ${float(south)}`,
    ...filtersSql(filters),
  );
  const rows = await queryRows<CellRow>(
    db,
    sql`select ${cx} as cx, ${cy} as cy, count(*)::int as count,
        avg(${courts.latitude}) as latitude, avg(${courts.longitude}) as longitude,
        min(${courts.longitude}) as west, min(${courts.latitude}) as south,
        max(${courts.longitude}) as east, max(${courts.latitude}) as north,
        min(${courts.id}) as id
      from ${courts} where ${inTile} group by 1, 2 order by 1, 2`,
  );
  const singles = rows.filter((row) => Number(row.count) === 1).map((row) => Number(row.id));
  const clusters: CourtCluster[] = rows
    .filter((row) => Number(row.count) > 1)
    .map((row) => ({
      key: `${tile.z}/${tile.x}/${tile.y}/${row.cx}/${row.cy}`,
      count: Number(row.count),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      bounds: [Number(row.west), Number(row.south), Number(row.east), Number(row.north)],
    }));
  const single =
    singles.length === 0
      ? []
      : await db
          .select(courtColumns)
          .from(courts)
          .where(sql`${courts.id} = any(${sql.param(singles)}::int4[])`)
          .orderBy(asc(courts.id));
  return { clusters, courts: single };
}

/** GET /api/courts/overview: how many courts, how many players on them, and where they are. */
export async function courtOverview(db: Queryable): Promise<CourtOverview> {
  const [row] = await queryRows<{
    total: number;
    active: number;
    west: number | null;
    south: number | null;
    east: number | null;
    north: number | null;
  }>(
    db,
    // The kept counters less the check-ins that ran out since the last sweep (court-columns.ts).
    sql`select count(*)::int as total,
        greatest(0, coalesce(sum(${courts.activePlayers}), 0) - (
          select count(*) from ${courtCheckIns} join ${courts} on ${courts.id} = ${courtCheckIns.courtId}
          where ${staleCheckInSql} and ${courts.isActive}))::int as active,
        min(${courts.longitude}) as west, min(${courts.latitude}) as south,
        max(${courts.longitude}) as east, max(${courts.latitude}) as north
      from ${courts} where ${courts.isActive}`,
  );
  const total = Number(row?.total ?? 0);
  const { west, south, east, north } = row ?? {};
  return {
    totalCourts: total,
    activePlayers: Number(row?.active ?? 0),
    bounds:
      total > 0 && west != null && south != null && east != null && north != null
        ? [Number(west), Number(south), Number(east), Number(north)]
        : null,
  };
}
