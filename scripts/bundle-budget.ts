/**
 * The build's size report and the landing's script budget (issue 13, decisions §50): every
 * chunk's raw and gzipped size is printed, and the build fails when the JavaScript the landing
 * loads before its first screen passes the budget. That is the entry chunk plus the chunks of
 * the landing's route modules, each with everything it imports statically; what they import
 * dynamically (the map, dialogs, forms) arrives later and is not counted.
 *
 * It also fails when a page that must load no zod (the validation schemas: about 27 KB gzipped,
 * mostly unused on a first screen) has it in that static graph, its own or the entry's.
 */
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export type ChunkSize = {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for (a route's page file), when it has one. */
  facadeModuleId: string | null;
  /** Chunks it imports statically (loaded with it, before it runs). */
  imports: readonly string[];
  /** The source modules bundled into it. */
  modules: readonly string[];
  bytes: number;
  gzipBytes: number;
};

export type BudgetResult = {
  files: string[];
  gzipBytes: number;
  limitBytes: number;
  ok: boolean;
  /** Route modules the budget names that no chunk stands for (a renamed page). */
  missingRoutes: string[];
};

/** The landing's first-screen JavaScript, against `limitBytes` gzipped. */
export function checkBudget(
  chunks: readonly ChunkSize[],
  routeModules: readonly string[],
  limitBytes: number,
): BudgetResult {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const missingRoutes: string[] = [];
  for (const route of routeModules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(route));
    if (chunk) roots.push(chunk.fileName);
    else missingRoutes.push(route);
  }
  const files = staticGraph(chunks, roots);
  const gzipBytes = [...files].reduce((sum, name) => sum + (byName.get(name)?.gzipBytes ?? 0), 0);
  return {
    files: [...files],
    gzipBytes,
    limitBytes,
    ok: gzipBytes <= limitBytes && missingRoutes.length === 0 && roots.length > 0,
    missingRoutes,
  };
}

/** The chunks `roots` load before they run: themselves and their static imports, transitively. */
function staticGraph(chunks: readonly ChunkSize[], roots: readonly string[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const chunk = byName.get(name);
    if (!chunk) return;
    files.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

export type ForbiddenModule = { route: string; chunk: string; module: string };

/**
 * Modules matching `forbidden` that one of `routeModules` loads before its first screen (the
 * entry's graph and the route's). A route no chunk stands for is reported with an empty module,
 * so a rename cannot switch the check off.
 */
export function findForbidden(
  chunks: readonly ChunkSize[],
  routeModules: readonly string[],
  forbidden: RegExp,
): ForbiddenModule[] {
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const found: ForbiddenModule[] = [];
  for (const route of routeModules) {
    const own = chunks.find((c) => c.facadeModuleId?.endsWith(route));
    if (!own) {
      found.push({ route, chunk: "", module: "" });
      continue;
    }
    for (const name of staticGraph(chunks, [...entries, own.fileName])) {
      const chunk = chunks.find((c) => c.fileName === name);
      const module = chunk?.modules.find((id) => forbidden.test(id));
      if (module) found.push({ route, chunk: name, module });
    }
  }
  return found;
}

export const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function sizeReport(chunks: readonly ChunkSize[], budget: BudgetResult): string {
  const counted = new Set(budget.files);
  const width = Math.max(...chunks.map((chunk) => chunk.fileName.length), 10);
  const lines = [...chunks]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (chunk) =>
        `${counted.has(chunk.fileName) ? "*" : " "} ${chunk.fileName.padEnd(width)} ${kb(chunk.bytes).padStart(10)} ${kb(chunk.gzipBytes).padStart(10)} gzip`,
    );
  const verdict = budget.ok ? "within" : "OVER";
  return [
    "JavaScript chunks (raw, gzip; * = loaded by the landing before its first screen):",
    ...lines,
    `Landing JavaScript: ${kb(budget.gzipBytes)} gzip, ${verdict} the budget of ${kb(budget.limitBytes)}`,
  ].join("\n");
}

/** Vite plugin: prints the report after every client build and fails the build over budget. */
export function bundleBudget(options: {
  routeModules: string[];
  limitBytes: number;
  /** Pages whose first screen must load no zod. */
  zodFreeRoutes?: string[];
}): Plugin {
  return {
    name: "bwb-bundle-budget",
    apply: "build",
    generateBundle(_output, bundle) {
      const chunks: ChunkSize[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          imports: item.imports,
          modules: Object.keys(item.modules),
          bytes: Buffer.byteLength(item.code),
          gzipBytes: gzipSync(item.code, { level: 9 }).length,
        });
      }
      const budget = checkBudget(chunks, options.routeModules, options.limitBytes);
      console.log(`\n${sizeReport(chunks, budget)}`);
      if (budget.missingRoutes.length > 0) {
        this.error(`Bundle budget: no chunk for ${budget.missingRoutes.join(", ")}`);
      }
      for (const found of findForbidden(chunks, options.zodFreeRoutes ?? [], ZOD_MODULE)) {
        this.error(
          found.module
            ? `Bundle budget: ${found.route} loads zod before its first screen (${found.module} in ${found.chunk})`
            : `Bundle budget: no chunk for ${found.route}`,
        );
      }
      if (!budget.ok) {
        this.error(
          `Bundle budget: the landing loads ${kb(budget.gzipBytes)} of JavaScript gzipped before its first screen, over ${kb(budget.limitBytes)}`,
        );
      }
    },
  };
}
