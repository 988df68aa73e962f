import fs from "node:fs/promises";
import zlib from "node:zlib";
import { ImportError } from "./import-error.ts";
import type { OsmElement, OsmMember, OsmSource, Position, Tags } from "./osm-elements.ts";

type OverpassBounds = { minlat: number; minlon: number; maxlat: number; maxlon: number };
type OverpassElement = {
  type?: unknown;
  id?: unknown;
  lat?: number;
  lon?: number;
  tags?: Tags;
  nodes?: number[];
  members?: { type: string; ref: number; role?: string; geometry?: Position[] }[];
  center?: Position;
  geometry?: (Position | null)[];
  bounds?: OverpassBounds;
};

const BATCH = 10_000;
/** JSON is read whole: past this, the file belongs in the streaming formats. */
const JSON_MAX_BYTES = 400 * 1024 * 1024;

const boundsCentre = (b: OverpassBounds): Position => ({
  lat: (b.minlat + b.maxlat) / 2,
  lon: (b.minlon + b.maxlon) / 2,
});
const points = (list: (Position | null)[] | undefined) =>
  list?.filter(
    (p): p is Position => p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lon),
  );

function toElement(raw: OverpassElement): OsmElement | null {
  const id = raw.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id)) return null;
  const tags = raw.tags && typeof raw.tags === "object" ? raw.tags : undefined;
  if (raw.type === "node") {
    if (typeof raw.lat !== "number" || typeof raw.lon !== "number") return null;
    return { type: "node", id, lat: raw.lat, lon: raw.lon, tags };
  }
  const center = raw.center ?? (raw.bounds ? boundsCentre(raw.bounds) : undefined);
  if (raw.type === "way") {
    const refs = Array.isArray(raw.nodes) ? raw.nodes : [];
    return { type: "way", id, refs, tags, center, geometry: points(raw.geometry) };
  }
  if (raw.type === "relation") {
    const members: OsmMember[] = (Array.isArray(raw.members) ? raw.members : [])
      .filter((m) => m.type === "node" || m.type === "way" || m.type === "relation")
      .map((m) => ({
        type: m.type as OsmMember["type"],
        ref: m.ref,
        role: m.role ?? "",
        geometry: points(m.geometry),
      }));
    return { type: "relation", id, members, tags, center };
  }
  return null;
}

/**
 * An Overpass API answer in JSON (`[out:json]`), with `out center`, `out geom` or `out body`
 * plus the nodes. JSON has no streaming form here: the answer is read whole, which suits the
 * sizes Overpass serves; country-sized data comes as `.osm.pbf`.
 */
export function overpassSource(file: string, gzip: boolean): OsmSource {
  let elements: OsmElement[] | null = null;

  async function load(): Promise<OsmElement[]> {
    const stat = await fs.stat(file);
    if (stat.size > JSON_MAX_BYTES) {
      throw new ImportError(`${file} is too large for Overpass JSON: use an .osm.pbf extract`);
    }
    let bytes = await fs.readFile(file);
    if (gzip) {
      try {
        bytes = zlib.gunzipSync(bytes);
      } catch {
        throw new ImportError(`${file} is a damaged or cut-short gzip file`);
      }
    }
    let answer: { elements?: unknown; remark?: unknown };
    try {
      answer = JSON.parse(bytes.toString("utf8"));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImportError(`${file} is damaged or cut-short JSON (${reason})`);
    }
    if (!answer || typeof answer !== "object" || !Array.isArray(answer.elements)) {
      throw new ImportError(`${file} is JSON but not an Overpass answer (no "elements" list)`);
    }
    // Overpass reports a timeout or memory error in "remark" and sends what it had so far.
    if (typeof answer.remark === "string" && /error/i.test(answer.remark)) {
      throw new ImportError(`${file} is an incomplete Overpass answer: ${answer.remark.trim()}`);
    }
    const parsed: OsmElement[] = [];
    for (const raw of answer.elements as OverpassElement[]) {
      const element = raw && typeof raw === "object" ? toElement(raw) : null;
      if (!element) {
        throw new ImportError(`${file} is JSON but not an Overpass answer (unreadable element)`);
      }
      parsed.push(element);
    }
    return parsed;
  }

  return {
    formatName: gzip ? "Overpass JSON (gzip)" : "Overpass JSON",
    bounds: () => null,
    async *read(options, onBytes) {
      elements ??= await load();
      const { size } = await fs.stat(file);
      const keys = options.tagKeys === false ? null : new Set(options.tagKeys);
      for (let start = 0; start < elements.length; start += BATCH) {
        const batch: OsmElement[] = [];
        for (const element of elements.slice(start, start + BATCH)) {
          if (!options.types.has(element.type)) continue;
          const tags = element.tags && keys ? pick(element.tags, keys) : undefined;
          batch.push({ ...element, tags });
        }
        onBytes(
          Math.round((size * Math.min(start + BATCH, elements.length)) / elements.length),
          size,
        );
        if (batch.length > 0) yield batch;
      }
      if (elements.length === 0) onBytes(size, size);
    },
  };
}

function pick(tags: Tags, keys: ReadonlySet<string>): Tags | undefined {
  let kept: Tags | undefined;
  for (const [key, value] of Object.entries(tags)) {
    if (!keys.has(key) || typeof value !== "string") continue;
    kept ??= {};
    kept[key] = value;
  }
  return kept;
}
