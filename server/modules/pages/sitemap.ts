import { and, asc, count, eq } from "drizzle-orm";
import { PAGES, type PageDefinition } from "../../../common/pages.ts";
import type { Queryable } from "../../db/client.ts";
import { gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { courts, games } from "../../db/schema.ts";
import { escapeHtml } from "./html-template.ts";

/** The sitemaps protocol's limit of URLs per file (the 50 MB limit is far off at ~80 bytes each). */
export const SITEMAP_MAX_URLS = 50_000;

type Entry = { path: string; lastmod?: Date };
type Part = { kind: "pages" } | { kind: "courts" | "games"; number: number };

/** Public pages without parameters: the landing, the directory, the leaderboard… */
const STATIC_PAGES = (Object.values(PAGES) as PageDefinition[]).filter(
  (page) => page.frame !== "signed-in" && !page.path.includes(":"),
);

const activeCourts = eq(courts.isActive, true);
const listedGames = and(gameUpcomingSql, eq(courts.isActive, true));

async function courtEntries(db: Queryable, offset: number, limit: number): Promise<Entry[]> {
  const rows = await db
    .select({ id: courts.id, updatedAt: courts.updatedAt })
    .from(courts)
    .where(activeCourts)
    .orderBy(asc(courts.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ path: `/courts/${r.id}`, lastmod: r.updatedAt }));
}

async function gameEntries(db: Queryable, offset: number, limit: number): Promise<Entry[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(listedGames)
    .orderBy(asc(games.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ path: `/game/${r.id}` }));
}

async function counts(db: Queryable) {
  const [courtCount] = await db.select({ n: count() }).from(courts).where(activeCourts);
  const [gameCount] = await db
    .select({ n: count() })
    .from(games)
    .innerJoin(courts, eq(courts.id, games.courtId))
    .where(listedGames);
  return { courts: courtCount?.n ?? 0, games: gameCount?.n ?? 0 };
}

function urlset(publicUrl: string, entries: Entry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return `<url><loc>${escapeHtml(publicUrl + path)}</loc>${date}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(publicUrl: string, files: string[]): string {
  const items = files.map(
    (file) => `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemaps/${file}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** `courts-2.xml` → the second 50,000 courts; null for names that are not a part. */
export function parsePartName(file: string): Part | null {
  if (file === "pages.xml") return { kind: "pages" };
  const found = /^(courts|games)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!found) return null;
  return { kind: found[1] as "courts" | "games", number: Number(found[2]) };
}

/**
 * `/sitemap.xml`: the public pages, every active court and every upcoming game. Up to 50,000
 * URLs it is one file; beyond, it is a sitemap index of parts (`/sitemaps/pages.xml`,
 * `/sitemaps/courts-1.xml`, …), each within the limit.
 */
export async function buildSitemap(db: Queryable, publicUrl: string): Promise<string> {
  const n = await counts(db);
  if (STATIC_PAGES.length + n.courts + n.games <= SITEMAP_MAX_URLS) {
    const entries = [
      ...STATIC_PAGES.map((page) => ({ path: page.path })),
      ...(await courtEntries(db, 0, SITEMAP_MAX_URLS)),
      ...(await gameEntries(db, 0, SITEMAP_MAX_URLS)),
    ];
    return urlset(publicUrl, entries);
  }
  const parts = (kind: string, total: number) =>
    Array.from({ length: Math.ceil(total / SITEMAP_MAX_URLS) }, (_, i) => `${kind}-${i + 1}.xml`);
  return sitemapIndex(publicUrl, [
    "pages.xml",
    ...parts("courts", n.courts),
    ...parts("games", n.games),
  ]);
}

/** One part of the sitemap index; null when there is no such part. */
export async function buildSitemapPart(
  db: Queryable,
  publicUrl: string,
  file: string,
): Promise<string | null> {
  const part = parsePartName(file);
  if (!part) return null;
  if (part.kind === "pages") {
    return urlset(
      publicUrl,
      STATIC_PAGES.map((page) => ({ path: page.path })),
    );
  }
  const read = part.kind === "courts" ? courtEntries : gameEntries;
  const entries = await read(db, (part.number - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  return entries.length > 0 || part.number === 1 ? urlset(publicUrl, entries) : null;
}
