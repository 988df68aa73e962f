// The server as one ES module for `npm start` (scripts/start.mjs): its packages stay in
// node_modules, its own files are bundled, so starting does not transpile them (§57).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundles server/main.ts into `outfile` (with its source map). */
export async function buildServer(outfile) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: [path.join(root, "server/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}
