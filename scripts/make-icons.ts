/**
 * Draws the app's PNG icons (common/web-app-manifest.ts ICONS) from client/public/favicon.svg
 * into client/public/icons/: the logo centred on a square of the brand's light orange, with the
 * padding each icon asks for. Run after changing the logo: `node --import tsx scripts/make-icons.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { ICON_BACKGROUND, ICONS } from "../common/web-app-manifest.ts";

const publicDir = path.resolve(import.meta.dirname, "../client/public");

/** The logo's drawing and viewBox, to nest it inside a larger square. */
function readLogo(svg: string): { viewBox: string; body: string } {
  const open = svg.match(/<svg\b[^>]*>/);
  const viewBox = open?.[0].match(/viewBox="([^"]+)"/)?.[1];
  if (!open || open.index === undefined || !viewBox) throw new Error("favicon.svg has no viewBox");
  const body = svg
    .slice(open.index + open[0].length, svg.lastIndexOf("</svg>"))
    .replace(/<title>[\s\S]*?<\/title>/, "");
  return { viewBox, body };
}

export function iconSvg(logo: { viewBox: string; body: string }, size: number, padding: number) {
  const inset = Math.round(size * padding);
  const inner = size - 2 * inset;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="${ICON_BACKGROUND}"/>`,
    `<svg x="${inset}" y="${inset}" width="${inner}" height="${inner}" viewBox="${logo.viewBox}">${logo.body}</svg>`,
    "</svg>",
  ].join("");
}

function main() {
  const logo = readLogo(fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8"));
  const outDir = path.join(publicDir, "icons");
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    const png = new Resvg(iconSvg(logo, icon.size, icon.padding)).render().asPng();
    fs.writeFileSync(path.join(outDir, icon.file), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
}

main();
