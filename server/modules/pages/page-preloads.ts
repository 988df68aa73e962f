import fs from "node:fs";
import path from "node:path";
import type { PageName } from "../../../common/pages.ts";

/**
 * Client modules to start with a page's HTML, as Vite names them (relative to client/). Only the
 * directory's map: its first markers wait on Leaflet's chunk, which the browser would otherwise
 * ask for only after the entry and the page's chunk ran. Not the pages' own chunks: Lighthouse's
 * simulated LCP counts every request that ends before the first paint it observed, so
 * preloading a page's whole graph cost the leaderboard 1 s of LCP on a phone (§53).
 * page-preloads.test.ts checks the router imports each module.
 */
export const PAGE_PRELOADS: Partial<Record<PageName, readonly string[]>> = {
  // The map and the fetch of its first court tiles, run before the page hydrates (§63).
  courts: ["src/features/courts/courts-map.tsx", "src/features/courts/first-tiles.ts"],
};

/** One entry of Vite's build manifest (`build.manifest`). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * `<link>` tags that start PAGE_PRELOADS' chunks (and their CSS) with the HTML, instead of after
 * the entry script has run and asked for them, one wave of imports at a time: on `/courts`
 * Leaflet arrived about a second after navigation, most of it waiting its turn (issue 13, first
 * marker; decisions §53). The entry's own imports are already preloaded by index.html, so they
 * are left out.
 */
export function pagePreloads(manifest: ViteManifest): (page: PageName) => string {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  const fromEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) closure(key, fromEntry);
  }
  const tags = new Map<PageName, string>();
  for (const [page, modules] of Object.entries(PAGE_PRELOADS) as [PageName, string[]][]) {
    const keys = new Set<string>();
    for (const module of modules) closure(module, keys);
    const links: string[] = [];
    for (const key of keys) {
      if (fromEntry.has(key)) continue;
      const chunk = manifest[key] as ManifestChunk;
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      // Only fetched: the stylesheet itself is added by the chunk when it runs, as before.
      for (const css of chunk.css ?? [])
        links.push(`<link rel="preload" as="style" href="/${css}">`);
    }
    tags.set(page, links.join("\n    "));
  }
  return (page) => tags.get(page) ?? "";
}

/** The build's manifest in `clientDir`, or null when the client was built without one. */
export function readViteManifest(clientDir: string): ViteManifest | null {
  const file = path.join(clientDir, ".vite", "manifest.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest) : null;
}
