import fs from "node:fs";
import path from "node:path";
import type { PageName } from "../../../common/pages.ts";

/**
 * The client modules each page shows on its first screen, as Vite names them (relative to
 * client/). client/src/app/routes.ts imports the same files; page-preloads.test.ts keeps the two
 * in step. The maps are listed because they are the first screen of their pages, yet load as
 * their own chunks (Leaflet) that the browser would only ask for once the page's code ran.
 */
export const PAGE_MODULES: Record<PageName, readonly string[]> = {
  landing: ["src/pages/root.tsx"],
  waitlist: ["src/pages/waitlist.tsx"],
  contact: ["src/pages/contact.tsx"],
  courts: ["src/pages/courts.tsx", "src/features/courts/courts-map.tsx"],
  suggestCourt: ["src/pages/suggest-court.tsx"],
  court: ["src/pages/court.tsx", "src/features/court-page/court-map.tsx"],
  leaderboard: ["src/pages/leaderboard.tsx"],
  game: ["src/pages/game-detail.tsx"],
  dashboard: ["src/pages/dashboard.tsx"],
  home: ["src/pages/home.tsx"],
  profile: ["src/pages/profile.tsx"],
  settings: ["src/pages/settings.tsx"],
  notifications: ["src/pages/notifications.tsx"],
  profileSetup: ["src/pages/profile-setup.tsx"],
  onboarding: ["src/pages/onboarding.tsx"],
  games: ["src/pages/games.tsx"],
  createGame: ["src/pages/create-game.tsx"],
  players: ["src/pages/players.tsx"],
};

/** One entry of Vite's build manifest (`build.manifest`). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * `<link>` tags that start each page's own chunks (and their CSS) with the HTML, instead of
 * after the entry script has run and asked for them, one wave of imports at a time: on
 * `/courts` Leaflet arrived about a second after navigation, most of it waiting its turn
 * (issue 13, first marker; decisions §53). The entry's own imports are already preloaded by
 * index.html, so they are left out.
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
  for (const [page, modules] of Object.entries(PAGE_MODULES) as [PageName, string[]][]) {
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
