import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/** Below this a compressed copy saves less than its headers cost (the server's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli at its best quality) and `<file>.gz` beside each compressible file,
 * when that makes it smaller. Returns the files it compressed.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const done: string[] = [];
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const source = await fs.readFile(path.join(dir, file));
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await fs.writeFile(path.join(dir, `${file}.br`), br);
        if (gz.length < source.length) await fs.writeFile(path.join(dir, `${file}.gz`), gz);
        done.push(file);
      }),
  );
  return done.sort();
}

/**
 * The build's files compressed once, at their best, so the server sends them as they are
 * (@fastify/static's preCompressed) instead of compressing each download at a fast level
 * (decisions §72).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      await precompressFiles(outDir, Object.keys(bundle));
    },
  };
}
