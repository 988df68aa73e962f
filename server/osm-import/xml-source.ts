import sax from "sax";
import { fileStream } from "./file-stream.ts";
import { ImportError } from "./import-error.ts";
import type {
  Bounds,
  OsmElement,
  OsmMember,
  OsmNode,
  OsmRelation,
  OsmSource,
  OsmWay,
} from "./osm-elements.ts";

const MEMBER_TYPES = new Set(["node", "way", "relation"]);

/**
 * OSM XML (also what Overpass answers with `[out:xml]`, `<center>` included) through sax, a
 * streaming parser: elements are handed over chunk by chunk and never held beyond their batch.
 */
export function xmlSource(file: string, gzip: boolean): OsmSource {
  let bounds: Bounds | null = null;
  return {
    formatName: gzip ? "OSM XML (gzip)" : "OSM XML",
    bounds: () => bounds,
    async *read(options, onBytes) {
      const keys = options.tagKeys === false ? null : new Set(options.tagKeys);
      const parser = sax.parser(true, { trim: false, normalize: false, position: true });
      let batch: OsmElement[] = [];
      let current: OsmNode | OsmWay | OsmRelation | null = null;
      let root: string | null = null;
      let failure: string | null = null;
      let notOsm: string | null = null;

      parser.onerror = (error) => {
        failure ??= error.message.split("\n")[0] ?? "XML error";
      };
      parser.onopentag = (tag) => {
        const a = tag.attributes as Record<string, string>;
        if (root === null) {
          root = tag.name;
          if (root !== "osm") notOsm = root;
          return;
        }
        switch (tag.name) {
          case "bounds":
            bounds = [Number(a.minlon), Number(a.minlat), Number(a.maxlon), Number(a.maxlat)];
            break;
          case "node":
            current = { type: "node", id: Number(a.id), lat: Number(a.lat), lon: Number(a.lon) };
            break;
          case "way":
            current = { type: "way", id: Number(a.id), refs: [] };
            break;
          case "relation":
            current = { type: "relation", id: Number(a.id), members: [] };
            break;
          case "nd":
            if (current?.type === "way") current.refs.push(Number(a.ref));
            break;
          case "member":
            if (current?.type === "relation" && MEMBER_TYPES.has(a.type ?? "")) {
              const type = a.type as OsmMember["type"];
              current.members.push({ type, ref: Number(a.ref), role: a.role ?? "" });
            }
            break;
          case "center":
            if (current && current.type !== "node") {
              current.center = { lat: Number(a.lat), lon: Number(a.lon) };
            }
            break;
          case "tag":
            if (current && a.k !== undefined && keys?.has(a.k)) {
              current.tags ??= {};
              current.tags[a.k] = a.v ?? "";
            }
            break;
        }
      };
      parser.onclosetag = (name) => {
        if (current && name === current.type) {
          if (options.types.has(current.type)) batch.push(current);
          current = null;
        }
      };

      const input = fileStream(file, gzip, onBytes);
      input.setEncoding("utf8");
      try {
        for await (const chunk of input as AsyncIterable<string>) {
          parser.write(chunk);
          if (failure || notOsm) break;
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
        }
        if (!failure && !notOsm) parser.close();
      } catch (error) {
        failure ??= error instanceof Error ? error.message : String(error);
      } finally {
        input.destroy();
      }
      if (notOsm) {
        throw new ImportError(
          `${file} is XML but not OpenStreetMap data (its root is <${notOsm}>)`,
        );
      }
      if (failure) {
        throw new ImportError(
          `${file} is a damaged or cut-short XML file (line ${parser.line + 1}: ${failure})`,
        );
      }
      if (root === null) throw new ImportError(`${file} holds no XML elements`);
      if (batch.length > 0) yield batch;
    },
  };
}
