import { PRODUCT_NAME } from "../../../common/constants.ts";
import { escapeHtml } from "./html-template.ts";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What a page tells crawlers and link previews about itself. */
export type PageHead = {
  /** The whole document title, as the tab shows it. */
  title: string;
  description: string;
  /** Absolute URL of the page itself; absent for pages that are not meant to be found. */
  canonicalUrl?: string;
  /** Absolute URL of a 1200×630 PNG, with its alternative text. */
  image?: { url: string; alt: string };
  /** Keep out of search results (signed-in pages, missing things). */
  noindex?: boolean;
};

/** The head tags of a page: title, description, canonical, Open Graph and Twitter card. */
export function headTags(head: PageHead): string {
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
  ];
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  if (head.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  }
  tags.push(
    meta("property", "og:site_name", PRODUCT_NAME),
    meta("property", "og:type", "website"),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
  );
  if (head.canonicalUrl) tags.push(meta("property", "og:url", head.canonicalUrl));
  if (head.image) {
    tags.push(
      meta("property", "og:image", head.image.url),
      meta("property", "og:image:type", "image/png"),
      meta("property", "og:image:width", String(PREVIEW_WIDTH)),
      meta("property", "og:image:height", String(PREVIEW_HEIGHT)),
      meta("property", "og:image:alt", head.image.alt),
    );
  }
  tags.push(
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
  );
  if (head.image) {
    tags.push(
      meta("name", "twitter:image", head.image.url),
      meta("name", "twitter:image:alt", head.image.alt),
    );
  }
  return tags.join("\n    ");
}
