import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { matchPage } from "./pages.ts";
import {
  BACKGROUND_COLOR,
  ICON_BACKGROUND,
  ICONS,
  ICONS_PATH,
  THEME_COLOR,
  webAppManifest,
} from "./web-app-manifest.ts";

const publicDir = path.resolve(import.meta.dirname, "../client/public");
const readPng = (src: string) => PNG.sync.read(fs.readFileSync(path.join(publicDir, src)));
const hex = (png: PNG, x: number, y: number) => {
  const at = (y * png.width + x) * 4;
  return `#${[...png.data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
};

describe("the web app manifest", () => {
  it("describes an installable standalone app that starts at / within its scope", () => {
    expect(webAppManifest).toMatchObject({
      id: "/",
      name: "Ball with the Bros",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(webAppManifest.short_name.length).toBeLessThanOrEqual(12);
    expect(webAppManifest.description.length).toBeGreaterThan(20);
    expect(webAppManifest.categories).toContain("sports");
  });

  it("takes its colours from the app's theme in index.css", () => {
    const css = fs.readFileSync(path.resolve(publicDir, "../src/index.css"), "utf8");
    expect(css).toContain(`--color-primary: ${THEME_COLOR};`);
    expect(css).toContain(`--color-background: ${BACKGROUND_COLOR};`);
    expect(css).toContain(`--color-accent: ${ICON_BACKGROUND};`);
    expect(webAppManifest.theme_color).toBe(THEME_COLOR);
    expect(webAppManifest.background_color).toBe(BACKGROUND_COLOR);
    const indexHtml = fs.readFileSync(path.resolve(publicDir, "../index.html"), "utf8");
    expect(indexHtml).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(indexHtml).toContain(
      `<link rel="apple-touch-icon" href="${ICONS_PATH}/apple-touch-icon.png" />`,
    );
  });

  it("offers 192 and 512 pixel icons both plain and maskable", () => {
    const sizes = (purpose: string) =>
      webAppManifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes("any")).toEqual(["192x192", "512x512"]);
    expect(sizes("maskable")).toEqual(["192x192", "512x512"]);
  });

  it("has shortcuts to Courts, Games and Leaderboard, each a page of the app", () => {
    expect(webAppManifest.shortcuts.map((shortcut) => shortcut.name)).toEqual([
      "Courts",
      "Games",
      "Leaderboard",
    ]);
    for (const shortcut of webAppManifest.shortcuts) expect(matchPage(shortcut.url)).not.toBeNull();
  });
});

describe("the icons in client/public/icons", () => {
  it.each(ICONS)("$file is a PNG of $size×$size pixels", (icon) => {
    const png = readPng(`icons/${icon.file}`);
    expect([png.width, png.height]).toEqual([icon.size, icon.size]);
  });

  it("every icon the manifest lists is a PNG of the size it declares", () => {
    for (const icon of webAppManifest.icons) {
      const png = readPng(icon.src.replace(/^\//, ""));
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
    }
  });

  it.each(ICONS.filter((icon) => icon.purpose === "maskable"))(
    "$file keeps the logo inside the inner 80% circle (the rest is plain background)",
    (icon) => {
      const png = readPng(`icons/${icon.file}`);
      const centre = icon.size / 2;
      const safeRadius = 0.4 * icon.size;
      const outside = new Set<string>();
      for (let y = 0; y < icon.size; y++) {
        for (let x = 0; x < icon.size; x++) {
          if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safeRadius)
            outside.add(hex(png, x, y));
        }
      }
      expect([...outside]).toEqual([ICON_BACKGROUND]);
      // The logo itself is there: its orange fills the centre.
      expect(hex(png, Math.round(centre) - 10, Math.round(centre) - 10)).toBe("#f97316");
    },
  );
});
