import fs from "node:fs";
import path from "node:path";
import type { PageName } from "../../../common/pages.ts";

/**
 * Scripts of their own that a rendered page loads besides the app, by the name the client's
 * build gives them (scripts/standalone-script.ts: `assets/<name>-<hash>.js`). `/courts` draws
 * its first markers with one before the app's JavaScript has loaded (decisions §69). Such a
 * script starts the app itself (§75): the page preloads the app's entry instead of running it
 * (html-template.ts `holdEntry`), so the app's evaluation does not hold the picture back.
 */
const PAGE_SCRIPTS: Partial<Record<PageName, string>> = { courts: "courts-snapshot" };

/**
 * The script tag of each page that has a script, from the built client's files (a build without
 * the file, e.g. the tests' client, gives none). It goes in the head, before the app's entry, so
 * the browser asks for it first and at high priority, ahead of the app's chunks; `defer`: it
 * runs once the page's markup is parsed. An external file: the CSP allows no inline script.
 */
export function findPageScripts(clientDir: string | undefined): Partial<Record<PageName, string>> {
  const assets = clientDir ? path.join(clientDir, "assets") : undefined;
  const files = assets && fs.existsSync(assets) ? fs.readdirSync(assets) : [];
  const tags: Partial<Record<PageName, string>> = {};
  for (const [page, name] of Object.entries(PAGE_SCRIPTS) as [PageName, string][]) {
    const file = files.find((f) => new RegExp(`^${name}-[0-9a-f]+\\.js$`).test(f));
    if (file) tags[page] = `<script defer fetchpriority="high" src="/assets/${file}"></script>`;
  }
  return tags;
}
