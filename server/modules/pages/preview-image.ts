import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { fromRoot } from "../../lib/project-root.ts";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "./head-tags.ts";

/** What a link preview image shows: one card layout for games, courts and the site. */
export type PreviewCard = {
  /** A short label above the title ("5-on-5 game", "Basketball court"). */
  kicker: string;
  title: string;
  /** Up to three lines under the title (when, where). */
  lines: string[];
  /** Short facts shown as pills (seats left, indoor, lights). */
  badges: string[];
};

// Bump when the layout changes, so cached images and their URLs change with it.
const LAYOUT_VERSION = "1";

/** A short hash of what the card shows: its ETag, and the `v` of its URL. */
export function previewVersion(card: PreviewCard): string {
  return createHash("sha256")
    .update(JSON.stringify([LAYOUT_VERSION, card]))
    .digest("base64url")
    .slice(0, 16);
}

const require = createRequire(import.meta.url);
let fonts: Font[] | undefined;
/** Inter (SIL Open Font License) from @fontsource: Latin and Latin Extended, three weights. */
function loadFonts(): Font[] {
  fonts ??= (["latin", "latin-ext"] as const).flatMap((subset) =>
    ([400, 700, 800] as const).map((weight) => ({
      name: "Inter",
      weight,
      style: "normal" as const,
      data: fs.readFileSync(
        require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
      ),
    })),
  );
  return fonts;
}

const LOGO = `data:image/svg+xml;base64,${fs
  .readFileSync(fromRoot("client/public/favicon.svg"))
  .toString("base64")}`;

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** Long text is cut at a word and ends with an ellipsis, so layouts stay predictable. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function cardTree(card: PreviewCard): Node {
  const brand = el(
    "div",
    {
      display: "flex",
      alignItems: "center",
      gap: 20,
      padding: "0 64px",
      height: 110,
      background: "#c2410c",
      color: "#ffffff",
      fontSize: 38,
      fontWeight: 800,
    },
    [
      el("div", { display: "flex", padding: 5, borderRadius: 999, background: "#ffffff" }, [
        { type: "img", props: { src: LOGO, width: 60, height: 60, style: { display: "flex" } } },
      ]),
      el("div", { display: "flex" }, PRODUCT_NAME),
    ],
  );
  const body = el(
    "div",
    { display: "flex", flexDirection: "column", flexGrow: 1, padding: "52px 64px 0" },
    [
      el(
        "div",
        { display: "flex", fontSize: 30, fontWeight: 700, color: "#9a3412" },
        clip(card.kicker, 60),
      ),
      el(
        "div",
        {
          display: "block",
          marginTop: 12,
          fontSize: 68,
          fontWeight: 800,
          lineHeight: 1.1,
          color: "#0f172a",
          lineClamp: 2,
        },
        clip(card.title, 70),
      ),
      ...card.lines
        .slice(0, 3)
        .map((line) =>
          el(
            "div",
            { display: "flex", marginTop: 14, fontSize: 34, color: "#334155" },
            clip(line, 62),
          ),
        ),
      el(
        "div",
        { display: "flex", flexWrap: "wrap", gap: 14, marginTop: "auto", marginBottom: 40 },
        card.badges.slice(0, 5).map((badge) =>
          el(
            "div",
            {
              display: "flex",
              padding: "8px 22px",
              borderRadius: 999,
              background: "#ffedd5",
              color: "#7c2d12",
              fontSize: 28,
              fontWeight: 700,
            },
            clip(badge, 30),
          ),
        ),
      ),
    ],
  );
  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      background: "#ffffff",
      fontFamily: "Inter",
    },
    [body, brand],
  );
}

/** The card as a 1200×630 PNG (satori lays it out as SVG, resvg rasterises it). */
export async function renderPreviewPng(card: PreviewCard): Promise<Buffer> {
  // Loaded on the first image, not at start-up: the two take about 0.4 s to import (§58).
  const [{ default: satori }, { Resvg }] = await Promise.all([
    import("satori"),
    import("@resvg/resvg-js"),
  ]);
  const svg = await satori(cardTree(card) as Parameters<typeof satori>[0], {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng();
}

/**
 * Rendered images by version: a link shared in a group chat is fetched by every member's app
 * within seconds, and each render costs a few hundred milliseconds of CPU. Bounded, oldest out.
 */
export function previewCache(maxEntries = 200) {
  const images = new Map<string, Promise<Buffer>>();
  return (card: PreviewCard): { version: string; png: Promise<Buffer> } => {
    const version = previewVersion(card);
    let png = images.get(version);
    if (!png) {
      png = renderPreviewPng(card);
      png.catch(() => images.delete(version));
      if (images.size >= maxEntries) images.delete(images.keys().next().value as string);
      images.set(version, png);
    }
    return { version, png };
  };
}
