import { inflateSync } from "node:zlib";
import { OSMTransform, parse } from "osm-pbf-parser-node";
import { fileStream } from "./file-stream.ts";
import { ImportError } from "./import-error.ts";
import type { Bounds, OsmElement, OsmSource, PassOptions } from "./osm-elements.ts";

type PbfHeader = { bbox?: { left: number; right: number; top: number; bottom: number } | null };
/** Asked for raw output, the transform hands over the header parsed and each blob compressed. */
type PbfChunk = [PbfHeader] | Buffer;

const NANO = 1e-9;

function tagsOption(options: PassOptions) {
  const keys = options.tagKeys === false ? false : [...options.tagKeys];
  // An empty list would mean "all tags" to the parser; no keys means no tags.
  const wanted = keys && keys.length > 0 ? keys : false;
  return { node: wanted, way: wanted, relation: wanted };
}

/**
 * `.osm.pbf` through osm-pbf-parser-node. Its transform splits the file into blobs; asked for
 * them raw (still compressed) it holds little, and each blob (at most 8,000 elements) is
 * inflated and decoded only when this loop reaches it. So memory stays flat whatever the size
 * of the file or how well it compresses.
 */
export function pbfSource(file: string): OsmSource {
  let bounds: Bounds | null = null;
  return {
    formatName: "OpenStreetMap PBF",
    bounds: () => bounds,
    async *read(options, onBytes) {
      const parseOptions = { withTags: tagsOption(options), withInfo: false };
      const transform = new OSMTransform({ writeRaw: true });
      const input = fileStream(file, false, onBytes);
      input.on("error", (error) => transform.destroy(error));
      try {
        for await (const chunk of input.pipe(transform) as AsyncIterable<PbfChunk>) {
          if (!Buffer.isBuffer(chunk)) {
            const box = chunk[0].bbox;
            if (box)
              bounds = [box.left * NANO, box.bottom * NANO, box.right * NANO, box.top * NANO];
            continue;
          }
          const elements = parse(inflateSync(chunk), parseOptions) as OsmElement[];
          const batch = elements.filter((element) => options.types.has(element.type));
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
