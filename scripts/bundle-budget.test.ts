import { describe, expect, it } from "vitest";
import {
  type ChunkSize,
  checkBudget,
  findForbidden,
  sizeReport,
  ZOD_MODULE,
} from "./bundle-budget.ts";

const chunk = (fileName: string, gzipBytes: number, extra: Partial<ChunkSize> = {}): ChunkSize => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  modules: [],
  bytes: gzipBytes * 3,
  gzipBytes,
  ...extra,
});

// entry → vendor; root page → shared; landing page → shared, ui; the map only by dynamic import.
const graph = [
  chunk("index.js", 50_000, { isEntry: true, imports: ["vendor.js"] }),
  chunk("vendor.js", 30_000),
  chunk("root.js", 1_000, {
    facadeModuleId: "/app/client/src/pages/root.tsx",
    imports: ["shared.js"],
  }),
  chunk("shared.js", 5_000),
  chunk("landing.js", 10_000, {
    facadeModuleId: "/app/client/src/pages/landing.tsx",
    imports: ["shared.js", "ui.js"],
  }),
  chunk("ui.js", 4_000, { imports: ["vendor.js"] }),
  chunk("cities-map.js", 60_000, {
    facadeModuleId: "/app/client/src/features/cities-map/cities-map.tsx",
  }),
  chunk("courts.js", 20_000, { facadeModuleId: "/app/client/src/pages/courts.tsx" }),
];
const ROUTES = ["pages/root.tsx", "pages/landing.tsx"];

describe("checkBudget", () => {
  it("counts the entry and the routes with their static imports once each, not dynamic chunks", () => {
    const result = checkBudget(graph, ROUTES, 120_000);
    expect(result.files.sort()).toEqual(
      ["index.js", "landing.js", "root.js", "shared.js", "ui.js", "vendor.js"].sort(),
    );
    expect(result.gzipBytes).toBe(100_000);
    expect(result.ok).toBe(true);
  });

  it("fails when the counted chunks pass the limit", () => {
    const result = checkBudget(graph, ROUTES, 99_999);
    expect(result.ok).toBe(false);
    expect(result.gzipBytes).toBe(100_000);
  });

  it("fails when a named route has no chunk, so a rename cannot switch the budget off", () => {
    const result = checkBudget(graph, ["pages/root.tsx", "pages/home-page.tsx"], 1_000_000);
    expect(result.missingRoutes).toEqual(["pages/home-page.tsx"]);
    expect(result.ok).toBe(false);
  });

  it("a map imported statically by the landing is counted and breaks the budget", () => {
    const eager = graph.map((c) =>
      c.fileName === "landing.js" ? { ...c, imports: [...c.imports, "cities-map.js"] } : c,
    );
    const result = checkBudget(eager, ROUTES, 120_000);
    expect(result.files).toContain("cities-map.js");
    expect(result.ok).toBe(false);
  });

  it("the report marks the counted chunks and gives the verdict", () => {
    const report = sizeReport(graph, checkBudget(graph, ROUTES, 99_999));
    expect(report).toMatch(/\* index\.js/);
    expect(report).toMatch(/ {2}cities-map\.js/);
    expect(report).toContain("OVER the budget of 97.7 KB");
  });
});

describe("findForbidden", () => {
  const zod = "/app/node_modules/zod/v4/classic/schemas.js";
  const withZod = (name: string) =>
    graph.map((c) => (c.fileName === name ? { ...c, modules: [...c.modules, zod] } : c));

  it("passes routes whose static graphs hold no zod, whatever their dynamic chunks hold", () => {
    expect(findForbidden(withZod("cities-map.js"), ROUTES, ZOD_MODULE)).toEqual([]);
  });

  it("names zod reached through a route's static import", () => {
    expect(findForbidden(withZod("ui.js"), ROUTES, ZOD_MODULE)).toEqual([
      { route: "pages/landing.tsx", chunk: "ui.js", module: zod },
    ]);
  });

  it("names zod in the entry's graph for every route", () => {
    expect(findForbidden(withZod("vendor.js"), ROUTES, ZOD_MODULE).map((f) => f.route)).toEqual(
      ROUTES,
    );
  });

  it("reports a route no chunk stands for", () => {
    expect(findForbidden(graph, ["pages/court.tsx"], ZOD_MODULE)).toEqual([
      { route: "pages/court.tsx", chunk: "", module: "" },
    ]);
  });

  it("matches zod's files only, not a module merely named after it", () => {
    expect(ZOD_MODULE.test("C:\\app\\node_modules\\zod\\index.js")).toBe(true);
    expect(ZOD_MODULE.test("/app/client/src/lib/zod-jitless.ts")).toBe(false);
  });
});
