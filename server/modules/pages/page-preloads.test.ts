import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGES, type PageName } from "../../../common/pages.ts";
import { PAGE_MODULES, pagePreloads } from "./page-preloads.ts";

const CLIENT = path.resolve(import.meta.dirname, "../../../client");

describe("PAGE_MODULES", () => {
  it("names an existing client module for every page, the one the router imports first", () => {
    const routes = fs.readFileSync(path.join(CLIENT, "src/app/routes.ts"), "utf8");
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(Object.keys(PAGES).sort());
    for (const modules of Object.values(PAGE_MODULES)) {
      for (const module of modules) expect(fs.existsSync(path.join(CLIENT, module))).toBe(true);
      expect(routes).toContain(`import("@/${modules[0]?.replace(/^src\//, "")}")`);
    }
  });
});

describe("pagePreloads", () => {
  const manifest = {
    "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shared.js"] },
    "_shared.js": { file: "assets/shared-b.js", imports: ["_deep.js"] },
    "_deep.js": { file: "assets/deep-c.js" },
    "_leaflet.js": { file: "assets/leaflet-d.js", imports: ["_shared.js"] },
    "src/pages/courts.tsx": { file: "assets/courts-e.js", imports: ["_shared.js"] },
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
      '<link rel="modulepreload" crossorigin href="/assets/courts-e.js">',
      '<link rel="modulepreload" crossorigin href="/assets/map-f.js">',
      '<link rel="preload" as="style" href="/assets/map-g.css">',
      '<link rel="modulepreload" crossorigin href="/assets/leaflet-d.js">',
    ]);
  });

  it("gives nothing for a page the build does not know", () => {
    expect(pagePreloads(manifest)("leaderboard" as PageName)).toBe("");
  });
});
