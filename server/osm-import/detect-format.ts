import fs from "node:fs/promises";
import zlib from "node:zlib";
import { ImportError } from "./import-error.ts";

export type OsmFormat = { kind: "pbf" | "xml" | "json"; gzip: boolean };

const HEAD_BYTES = 64 * 1024;

/** The beginning of the file, decompressed when it is gzip (the rest may be missing). */
async function readHead(file: string): Promise<{ head: Buffer; size: number }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ImportError(`${file}: no such file`);
    if (code === "EISDIR") throw new ImportError(`${file} is a directory, not a file`);
    throw new ImportError(`${file} cannot be read (${code ?? "unknown error"})`);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new ImportError(`${file} is a directory, not a file`);
    const { size } = stat;
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await handle.close();
  }
}

/** PBF: a 4-byte length, then a BlobHeader whose first field is the string "OSMHeader". */
function isPbf(head: Buffer): boolean {
  if (head.length < 8) return false;
  const headerLength = head.readUInt32BE(0);
  if (headerLength < 8 || headerLength > 64 * 1024 || head[4] !== 0x0a) return false;
  const type = head.subarray(6, 6 + (head[5] ?? 0)).toString("latin1");
  return type === "OSMHeader" || type === "OSMData";
}

const textStart = (head: Buffer) =>
  head
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();

/**
 * Recognises the file by its content, never by its name alone: OpenStreetMap PBF, OSM XML
 * (Overpass XML included) or Overpass JSON, each also gzip-compressed except PBF. Anything
 * else is refused with what it seems to be.
 */
export async function detectFormat(file: string): Promise<OsmFormat> {
  const { head, size } = await readHead(file);
  if (size === 0) throw new ImportError(`${file} is empty`);
  if (isPbf(head)) return { kind: "pbf", gzip: false };
  let text = head;
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (gzip) {
    try {
      text = zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      throw new ImportError(`${file} is gzip-compressed but damaged`);
    }
  }
  if (head.subarray(0, 3).toString("latin1") === "BZh") {
    throw new ImportError(
      `${file} is bzip2-compressed: decompress it first (bunzip2), or download the .osm.pbf`,
    );
  }
  const start = textStart(text);
  if (start.startsWith("<")) return { kind: "xml", gzip };
  if (start.startsWith("{")) return { kind: "json", gzip };
  throw new ImportError(
    `${file} is not in a known format: expected OpenStreetMap PBF, OSM XML or Overpass JSON`,
  );
}
