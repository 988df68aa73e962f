import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGES, type PageName } from "../../../common/pages.ts";
import { PAGE_PRELOADS, pagePreloads } from "./page-preloads.ts";

const CLIENT = path.resolve(import.meta.dirname, "../../../client");

describe("PAGE_PRELOADS", () => {
  it("names existing client modules that the router or a page imports", () => {
    const routes = fs.readFileSync(path.join(CLIENT, "src/app/routes.ts"), "utf8");
    for (const [page, modules] of Object.entries(PAGE_PRELOADS)) {
      expect(Object.keys(PAGES)).toContain(page);
      for (const module of modules ?? []) {
        expect(fs.existsSync(path.join(CLIENT, module))).toBe(true);
        expect(routes).toContain(`import("@/${module.replace(/^src\//, "")}")`);
      }
    }
  });
});

describe("pagePreloads", () => {
  const manifest = {
    "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shared.js"] },
    "_shared.js": { file: "assets/shared-b.js", imports: ["_deep.js"] },
    "_deep.js": { file: "assets/deep-c.js" },
    "_leaflet.js": { file: "assets/leaflet-d.js", imports: ["_shared.js"] },
    "src/features/courts/courts-map.tsx": {
      file: "assets/map-f.js",
      imports: ["_leaflet.js"],
      css: ["assets/map-g.css"],
    },
  };

  it("links each chunk once, leaving out what the entry already brings", () => {
    expect(
      pagePreloads(manifest)("courts")
        .split("\n")
        .map((line) => line.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/map-f.js">',
      '<link rel="preload" as="style" href="/assets/map-g.css">',
      '<link rel="modulepreload" crossorigin href="/assets/leaflet-d.js">',
    ]);
  });

  it("gives nothing for a page without preloads", () => {
    expect(pagePreloads(manifest)("leaderboard" as PageName)).toBe("");
  });
});
