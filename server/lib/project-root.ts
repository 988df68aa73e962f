import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder: the nearest one above this module holding package.json. Found by
 * walking up rather than by a fixed "../..", so the same code works from its source file and
 * from the prebuilt server bundle `npm start` runs (dist/app/main.mjs).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project. */
export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
