import fs from "node:fs";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * The file as a stream of bytes (gunzipped when asked), reporting how far through the file on
 * disk it has read. 1 MB reads: a PBF blob is usually a few hundred kilobytes.
 */
export function fileStream(
  file: string,
  gzip: boolean,
  onBytes: (done: number, total: number) => void,
): Readable {
  const total = fs.statSync(file).size;
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let done = 0;
  raw.on("data", (chunk) => {
    done += chunk.length;
    onBytes(done, total);
  });
  if (!gzip) return raw;
  const gunzip = zlib.createGunzip();
  raw.on("error", (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}
