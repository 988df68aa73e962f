import { COURT_TAG_KEYS, type CourtKind, courtKind } from "./basketball.ts";
import { courtFields, type ImportedCourt } from "./court-fields.ts";
import { Coverage } from "./coverage.ts";
import type { CityFinder } from "./nearest-city.ts";
import type {
  OsmElementType,
  OsmNode,
  OsmRelation,
  OsmSource,
  OsmWay,
  Position,
  Tags,
} from "./osm-elements.ts";

export type PassReporter = {
  /** A pass over the file begins; `total` is known once the first pass has run. */
  startPass(index: number, total: number, label: string): void;
  bytes(done: number, total: number): void;
  elements(count: number): void;
  endPass(): void;
};

export type Collected = {
  courts: ImportedCourt[];
  read: { nodes: number; ways: number; relations: number };
  /** Why basketball elements were not kept, and how many. */
  skipped: Map<SkipReason, number>;
  coverage: Coverage;
  passes: number;
};

type Found<T> = { element: T; kind: CourtKind; tags: Tags };

const ALL_TYPES = new Set<OsmElementType>(["node", "way", "relation"]);
const WAYS = new Set<OsmElementType>(["way"]);
const NODES = new Set<OsmElementType>(["node"]);

/** Why a basketball element was not kept, as "1 {one}" / "2 {many}" in the summary. */
export const SKIP = {
  notMultipolygon: ["relation that is not a multipolygon", "relations that are not multipolygons"],
  partOfMultipolygon: [
    "way that is the outline of a multipolygon court",
    "ways that are the outline of a multipolygon court",
  ],
  noPositions: [
    "way or multipolygon whose nodes are not in the extract",
    "ways or multipolygons whose nodes are not in the extract",
  ],
  badPosition: [
    "element with coordinates off the globe",
    "elements with coordinates off the globe",
  ],
} as const;
export type SkipReason = (typeof SKIP)[keyof typeof SKIP];

const isOuter = (role: string) => role === "outer" || role === "";

function centreOf(points: Iterable<Position>): Position | null {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const { lat, lon } of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  // The centre of the bounding box, as Overpass's `out center` computes it, so one court gets
  // the same position from a PBF extract and from an Overpass answer.
  return south <= north ? { lat: (south + north) / 2, lon: (west + east) / 2 } : null;
}

const onGlobe = (p: Position) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;

/**
 * Finds the basketball courts of an extract in up to three streaming passes, keeping only what
 * it needs between them: (1) every element, tags limited to the court keys — courts, and the
 * area the extract covers; (2) only if multipolygon courts need them, the node lists of their
 * outline ways; (3) only if any way is needed, the positions of those ways' nodes. Memory
 * grows with the number of courts, not with the size of the file.
 */
export async function collectCourts(
  source: OsmSource,
  findCity: () => Promise<CityFinder>,
  report: PassReporter,
): Promise<Collected> {
  const read = { nodes: 0, ways: 0, relations: 0 };
  const skipped = new Map<SkipReason, number>();
  const skip = (reason: SkipReason) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const coverage = new Coverage();
  const nodeCourts: Found<OsmNode>[] = [];
  const wayCourts: Found<OsmWay>[] = [];
  const relationCourts: Found<OsmRelation>[] = [];

  report.startPass(1, 0, "Finding basketball courts");
  for await (const batch of source.read(
    { types: ALL_TYPES, tagKeys: COURT_TAG_KEYS },
    report.bytes,
  )) {
    for (const element of batch) {
      const kind = courtKind(element.tags);
      if (element.type === "node") {
        read.nodes += 1;
        coverage.add(element.lat, element.lon);
        if (kind && element.tags) nodeCourts.push({ element, kind, tags: element.tags });
      } else if (element.type === "way") {
        read.ways += 1;
        if (element.center) coverage.add(element.center.lat, element.center.lon);
        if (kind && element.tags) wayCourts.push({ element, kind, tags: element.tags });
      } else {
        read.relations += 1;
        if (element.center) coverage.add(element.center.lat, element.center.lon);
        if (!kind || !element.tags) continue;
        if (element.tags.type === "multipolygon") {
          relationCourts.push({ element, kind, tags: element.tags });
        } else {
          skip(SKIP.notMultipolygon);
        }
      }
    }
    report.elements(read.nodes + read.ways + read.relations);
  }
  report.endPass();
  coverage.declare(source.bounds());

  // Outline ways of multipolygon courts whose node lists pass 1 did not keep.
  const wayRefs = new Map<number, number[]>();
  for (const { element } of wayCourts) wayRefs.set(element.id, element.refs);
  const outlineWays = new Set<number>();
  for (const { element } of relationCourts) {
    if (element.center) continue;
    for (const member of element.members) {
      if (member.type === "way" && isOuter(member.role)) outlineWays.add(member.ref);
    }
  }
  const wanted = [...outlineWays].filter((id) => !wayRefs.has(id));
  const morePasses = (wanted.length > 0 ? 1 : 0) + 1;
  let pass = 1;
  if (wanted.length > 0) {
    const wantedSet = new Set(wanted);
    pass += 1;
    report.startPass(pass, 1 + morePasses, "Reading multipolygon outlines");
    for await (const batch of source.read({ types: WAYS, tagKeys: false }, report.bytes)) {
      for (const way of batch) {
        if (way.type === "way" && wantedSet.has(way.id)) wayRefs.set(way.id, way.refs);
      }
    }
    report.endPass();
  }

  // Node positions of every way that needs them.
  const neededNodes = new Set<number>();
  const needsNodes = (way: { center?: Position; geometry?: Position[] }) =>
    !way.center && !(way.geometry && way.geometry.length > 0);
  for (const { element } of wayCourts) {
    if (needsNodes(element)) for (const ref of element.refs) neededNodes.add(ref);
  }
  for (const id of outlineWays) for (const ref of wayRefs.get(id) ?? []) neededNodes.add(ref);
  const positions = new Map<number, Position>();
  if (neededNodes.size > 0) {
    pass += 1;
    report.startPass(pass, pass, "Reading node positions");
    for await (const batch of source.read({ types: NODES, tagKeys: false }, report.bytes)) {
      for (const node of batch) {
        if (node.type === "node" && neededNodes.has(node.id)) {
          positions.set(node.id, { lat: node.lat, lon: node.lon });
        }
      }
    }
    report.endPass();
  }

  const positionsOf = (refs: readonly number[]) =>
    refs.map((ref) => positions.get(ref)).filter((p): p is Position => p !== undefined);

  const located: { found: Found<OsmNode | OsmWay | OsmRelation>; position: Position }[] = [];
  const place = (found: Found<OsmNode | OsmWay | OsmRelation>, position: Position | null) => {
    if (!position) return skip(SKIP.noPositions);
    if (!onGlobe(position)) return skip(SKIP.badPosition);
    located.push({ found, position });
  };
  for (const found of nodeCourts) place(found, { lat: found.element.lat, lon: found.element.lon });
  const outlineOfCourt = new Set<number>();
  for (const found of relationCourts) {
    const { element } = found;
    const outline: Position[] = [];
    for (const member of element.members) {
      if (member.type !== "way" || !isOuter(member.role)) continue;
      outlineOfCourt.add(member.ref);
      outline.push(...(member.geometry ?? positionsOf(wayRefs.get(member.ref) ?? [])));
    }
    place(found, element.center ?? centreOf(outline));
  }
  for (const found of wayCourts) {
    const { element } = found;
    // Old-style tagging puts the court's tags on its multipolygon and its outline alike.
    if (outlineOfCourt.has(element.id)) {
      skip(SKIP.partOfMultipolygon);
      continue;
    }
    place(found, element.center ?? centreOf(element.geometry ?? positionsOf(element.refs)));
  }

  const finder = located.length > 0 ? await findCity() : null;
  const courts = finder
    ? located.map(({ found, position }) =>
        courtFields(
          { type: found.element.type, id: found.element.id, tags: found.tags, kind: found.kind },
          position,
          finder,
        ),
      )
    : [];
  // The courts' own cells belong to the extract, Overpass answers that carry only courts too.
  for (const court of courts) coverage.add(court.latitude, court.longitude);
  return { courts, read, skipped, coverage, passes: pass };
}
