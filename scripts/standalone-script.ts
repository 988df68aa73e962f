/**
 * A script bundled on its own, outside the app's module graph: one file, no shared chunks, no
 * imports (issue 13, decisions §69). Vite's entries share their common modules through extra
 * chunks (more requests before the script can run); this bundles `entry` with everything it
 * imports into one minified classic script, `assets/<name>-<hash>.js` in the client's output,
 * which the server names in the pages that load it (server/modules/pages/). The build fails
 * when it passes `limitGzipBytes`: it is meant to be tiny.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { build, type Plugin, type Rollup } from "vite";

type Options = {
  entry: string;
  name: string;
  alias: Record<string, string>;
  limitGzipBytes: number;
};

export function standaloneScript({ entry, name, alias, limitGzipBytes }: Options): Plugin {
  return {
    name: `standalone-script:${name}`,
    apply: "build",
    async generateBundle() {
      // A build of its own (no config file: none of the app's plugins), kept in memory.
      const result = await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        resolve: { alias },
        build: {
          write: false,
          minify: true,
          lib: { entry, formats: ["iife"], name: "standalone", fileName: name },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
      const files = outputs.flatMap(({ output }) => output);
      const [chunk] = files;
      if (files.length !== 1 || chunk?.type !== "chunk") {
        return this.error(`${name}: expected one script, got ${files.length} files`);
      }
      const gzipBytes = gzipSync(chunk.code).length;
      if (gzipBytes > limitGzipBytes) {
        this.error(`${name}: ${gzipBytes} bytes gzipped, over its budget of ${limitGzipBytes}`);
      }
      const hash = createHash("sha256").update(chunk.code).digest("hex").slice(0, 10);
      const fileName = `assets/${name}-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source: chunk.code });
      this.info(`${fileName}: ${chunk.code.length} bytes, ${gzipBytes} gzipped`);
    },
  };
}
