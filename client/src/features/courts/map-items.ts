import type { Court, CourtCluster, CourtTile } from "@common/courts.ts";

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
