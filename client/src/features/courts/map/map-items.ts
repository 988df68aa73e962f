import type { Court, CourtCluster, CourtTile } from "@common/courts.ts";
import { EVERY_COURT_ZOOM, MARKER_SPACING_PX } from "@/components/map/marker-markup.ts";

export type MapItem = { kind: "court"; court: Court } | ({ kind: "cluster" } & CourtCluster);

/** The markers of the tiles in view: their clusters and single courts, each court once. */
export function itemsOfTiles(tiles: readonly CourtTile[]): MapItem[] {
  const items: MapItem[] = [];
  const seen = new Set<number>();
  for (const tile of tiles) {
    for (const cluster of tile.clusters) items.push({ kind: "cluster", ...cluster });
    for (const court of tile.courts) {
      if (seen.has(court.id)) continue;
      seen.add(court.id);
      items.push({ kind: "court", court });
    }
  }
  return items;
}

/** A search's results, one marker each: they are few (a page or a few). */
export const itemsOfCourts = (courts: readonly Court[]): MapItem[] =>
  courts.map((court) => ({ kind: "court", court }));

/** A court of the markers by id, to keep a popup open on the court it was opened for. */
export function courtIn(
  items: readonly MapItem[] | undefined,
  id: number | null,
): Court | undefined {
  if (id === null) return undefined;
  for (const item of items ?? [])
    if (item.kind === "court" && item.court.id === id) return item.court;
  return undefined;
}

type Point = { x: number; y: number };
type Cluster = Extract<MapItem, { kind: "cluster" }>;

const positionOf = (item: MapItem) =>
  item.kind === "court"
    ? { latitude: item.court.latitude, longitude: item.court.longitude, count: 1 }
    : item;

function asCluster(item: MapItem): Cluster {
  if (item.kind === "cluster") return item;
  const { court } = item;
  return {
    kind: "cluster",
    key: `court-${court.id}`,
    count: 1,
    latitude: court.latitude,
    longitude: court.longitude,
    bounds: [court.longitude, court.latitude, court.longitude, court.latitude],
  };
}

function join(a: Cluster, b: Cluster): Cluster {
  const count = a.count + b.count;
  return {
    kind: "cluster",
    key: a.key,
    count,
    latitude: (a.latitude * a.count + b.latitude * b.count) / count,
    longitude: (a.longitude * a.count + b.longitude * b.count) / count,
    bounds: [
      Math.min(a.bounds[0], b.bounds[0]),
      Math.min(a.bounds[1], b.bounds[1]),
      Math.max(a.bounds[2], b.bounds[2]),
      Math.max(a.bounds[3], b.bounds[3]),
    ],
  };
}

/**
 * Markers that would overlap on screen become one: the server groups courts per cell of its
 * tiles, and two cells' groups can sit either side of a cell's edge. Biggest groups first; a
 * court that joins a group is counted in it. `project` gives a position's place in pixels at
 * the map's zoom; markers closer than `distance` pixels are merged.
 */
export function mergeOverlapping(
  items: readonly MapItem[],
  project: (latitude: number, longitude: number) => Point,
  distance: number,
): MapItem[] {
  const ordered = [...items].sort((a, b) => positionOf(b).count - positionOf(a).count);
  const groups: { item: MapItem; at: Point }[] = [];
  for (const item of ordered) {
    const { latitude, longitude } = positionOf(item);
    const at = project(latitude, longitude);
    const near = groups.find((g) => Math.hypot(g.at.x - at.x, g.at.y - at.y) < distance);
    if (!near) {
      groups.push({ item, at });
      continue;
    }
    const merged = join(asCluster(near.item), asCluster(item));
    near.item = merged;
    near.at = project(merged.latitude, merged.longitude);
  }
  return groups.map((g) => g.item);
}

/**
 * The markers the map shows of `items` at `zoom`, one rule for the markers layer, the snapshot
 * and the test of both against real Leaflet: from EVERY_COURT_ZOOM each court on its own,
 * below it those closer than MARKER_SPACING_PX merged. `project` as for mergeOverlapping.
 */
export const markersAt = (
  items: readonly MapItem[],
  zoom: number,
  project: (latitude: number, longitude: number) => Point,
): readonly MapItem[] =>
  zoom >= EVERY_COURT_ZOOM ? items : mergeOverlapping(items, project, MARKER_SPACING_PX);
