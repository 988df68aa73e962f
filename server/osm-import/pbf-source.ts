import { OSMTransform } from "osm-pbf-parser-node";
import { fileStream } from "./file-stream.ts";
import { ImportError } from "./import-error.ts";
import type { Bounds, OsmElement, OsmSource, PassOptions } from "./osm-elements.ts";

type PbfHeader = {
  type?: undefined;
  bbox?: { left: number; right: number; top: number; bottom: number } | null;
};
type PbfItem = OsmElement | PbfHeader;

const NANO = 1e-9;

function tagsOption(options: PassOptions) {
  const keys = options.tagKeys === false ? false : [...options.tagKeys];
  // An empty list would mean "all tags" to the parser; no keys means no tags.
  const wanted = keys && keys.length > 0 ? keys : false;
  return { node: wanted, way: wanted, relation: wanted };
}

/**
 * `.osm.pbf` through osm-pbf-parser-node: a stream transform that holds one compressed blob at
 * a time (a few hundred kilobytes) and yields its decoded elements, so memory stays flat
 * whatever the size of the file.
 */
export function pbfSource(file: string): OsmSource {
  let bounds: Bounds | null = null;
  return {
    formatName: "OpenStreetMap PBF",
    bounds: () => bounds,
    async *read(options, onBytes) {
      const transform = new OSMTransform({ withTags: tagsOption(options), withInfo: false });
      const input = fileStream(file, false, onBytes);
      input.on("error", (error) => transform.destroy(error));
      try {
        for await (const items of input.pipe(transform) as AsyncIterable<PbfItem[]>) {
          const batch: OsmElement[] = [];
          for (const item of items) {
            if (item.type === undefined) {
              const box = item.bbox;
              if (box)
                bounds = [box.left * NANO, box.bottom * NANO, box.right * NANO, box.top * NANO];
            } else if (options.types.has(item.type)) {
              batch.push(item);
            }
          }
          if (batch.length > 0) yield batch;
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ImportError(`${file} is a damaged or cut-short PBF file (${reason})`);
      } finally {
        input.destroy();
      }
    },
  };
}
