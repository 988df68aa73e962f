/** OpenStreetMap elements as the readers hand them over (only what the import needs). */

export type Tags = Record<string, string>;
export type Position = { lat: number; lon: number };

export type OsmNode = { type: "node"; id: number; lat: number; lon: number; tags?: Tags };

export type OsmWay = {
  type: "way";
  id: number;
  refs: number[];
  tags?: Tags;
  /** Overpass answers made with `out center` carry the centre instead of the nodes. */
  center?: Position;
  /** Overpass `out geom`: the way's own node positions. */
  geometry?: Position[];
};

export type OsmMember = {
  type: "node" | "way" | "relation";
  ref: number;
  role: string;
  geometry?: Position[];
};

export type OsmRelation = {
  type: "relation";
  id: number;
  members: OsmMember[];
  tags?: Tags;
  center?: Position;
};

export type OsmElement = OsmNode | OsmWay | OsmRelation;
export type OsmElementType = OsmElement["type"];

/** [west, south, east, north] in degrees, as an extract declares its area. */
export type Bounds = [number, number, number, number];

/** What one pass over a file should decode: skipping tags or whole types saves time. */
export type PassOptions = {
  types: ReadonlySet<OsmElementType>;
  /** Tag keys to keep; false reads no tags. */
  tagKeys: readonly string[] | false;
};

/**
 * A file the import can read as often as it needs to: ways need their nodes' positions, which
 * come before them, so a second and third pass keep only the ids the first one found.
 */
export interface OsmSource {
  readonly formatName: string;
  /** The area the file says it covers, when it says so (PBF header, XML <bounds>). */
  bounds(): Bounds | null;
  /** Elements in file order, in batches; `onBytes` reports progress through the file. */
  read(
    options: PassOptions,
    onBytes: (done: number, total: number) => void,
  ): AsyncIterable<OsmElement[]>;
}
