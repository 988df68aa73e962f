import { eq, sql } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema.ts";
import { makeClientDir } from "../../test-support/client-dir.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { SITEMAP_MAX_URLS } from "./sitemap.ts";

const PUBLIC_URL = "https://ballwiththebros.com";
const HOUR = 3_600_000;
// Thursday 4 July 2030, 23:30 UTC: 7:30 PM in New York (EDT), 4:30 PM in Los Angeles.
const JULY_4_2030 = Date.UTC(2030, 6, 4, 23, 30);

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;
let harlem: number;
let gameId: number;
let organizerId: string;

beforeAll(async () => {
  client = makeClientDir();
  t = await createTestApp({ clientDir: client.dir, env: { PUBLIC_URL } });
  organizerId = await insertPlayer(t.db);
  harlem = await insertCourtRow(t.db, {
    name: "Rucker Park",
    address: "155th St & Frederick Douglass Blvd, New York, NY",
    latitude: 40.8296,
    longitude: -73.9365,
    numberOfCourts: 2,
    lighting: true,
    rating: 4.8,
  });
  gameId = await insertGameWithPlayers(t.db, {
    courtId: harlem,
    organizerId,
    players: [await insertPlayer(t.db), await insertPlayer(t.db)],
    startsInHours: (JULY_4_2030 - Date.now()) / HOUR,
    title: "Fourth of July Run",
    gameType: "5v5",
    maxPlayers: 10,
  });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

/** What a crawler without JavaScript reads from a page. */
async function crawl(url: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { "user-agent": "Twitterbot/1.0" },
  });
  const { document } = new JSDOM(response.body).window;
  const meta = (key: string) =>
    document
      .querySelector(`meta[property="${key}"], meta[name="${key}"]`)
      ?.getAttribute("content") ?? null;
  return {
    status: response.statusCode,
    type: response.headers["content-type"],
    title: document.title,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    titles: document.querySelectorAll("title").length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    root: document.getElementById("root"),
    // The app's code (the JSON of the page's state and user is data, not code).
    scripts: [...document.querySelectorAll('script:not([type="application/json"])')].map((s) =>
      s.getAttribute("src"),
    ),
  };
}

describe("pages as a crawler reads them", () => {
  it("gives the landing, courts, leaderboard, a game and a court distinct titles and previews", async () => {
    const pages = await Promise.all(
      ["/", "/courts", "/leaderboard", `/game/${gameId}`, `/courts/${harlem}`].map(crawl),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.type).toBe("text/html; charset=utf-8");
      // One title and one description: the template's own gave way to the page's.
      expect(page.titles).toBe(1);
      expect(page.descriptions).toBe(1);
      expect(page.meta("og:title")).toBe(page.title);
      expect(page.meta("description")).toBeTruthy();
      expect(page.meta("og:description")).toBe(page.meta("description"));
      expect(page.meta("og:url")).toBe(page.canonical);
      expect(page.meta("og:image")).toMatch(
        /^https:\/\/ballwiththebros\.com\/api\/.*preview\.png\?v=/,
      );
      expect(page.meta("twitter:card")).toBe("summary_large_image");
      expect(page.meta("robots")).toBeNull();
      // Still the app: the same root and script as the built index.html.
      expect(page.root).not.toBeNull();
      expect(page.scripts).toEqual(["/assets/app-abc123.js"]);
    }
    expect(new Set(pages.map((p) => p.title)).size).toBe(5);
    expect(new Set(pages.map((p) => p.meta("description"))).size).toBe(5);
    expect(pages.map((p) => p.canonical)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/courts`,
      `${PUBLIC_URL}/leaderboard`,
      `${PUBLIC_URL}/game/${gameId}`,
      `${PUBLIC_URL}/courts/${harlem}`,
    ]);
  });

  it("tells a game's title, time in the court's zone, court and seats left", async () => {
    const page = await crawl(`/game/${gameId}`);
    expect(page.title).toBe("Fourth of July Run · Ball with the Bros");
    expect(page.meta("description")).toBe(
      "Thu, Jul 4, 7:30 PM ET · Rucker Park · 155th St & Frederick Douglass Blvd, New York, NY · 7 spots left · 3 of 10 players",
    );
    expect(page.meta("og:image")).toContain(`/api/games/${gameId}/preview.png?v=`);
    expect(page.meta("og:image:width")).toBe("1200");
    expect(page.meta("og:image:height")).toBe("630");
  });

  it("tells a court's name, place and facts", async () => {
    const page = await crawl(`/courts/${harlem}`);
    expect(page.title).toBe("Rucker Park · Ball with the Bros");
    expect(page.meta("description")).toBe(
      "155th St & Frederick Douglass Blvd, New York, NY · Outdoor · 2 courts · Lights · Free to play · Rated 4.8",
    );
    expect(page.meta("og:image")).toContain(`/api/courts/${harlem}/preview.png?v=`);
  });

  it("escapes what players typed into the head", async () => {
    const id = await insertGameWithPlayers(t.db, {
      courtId: harlem,
      organizerId,
      startsInHours: 48,
      title: `Run "at" <script>alert(1)</script> & more`,
    });
    const response = await t.app.inject({ url: `/game/${id}` });
    expect(response.body).not.toContain("<script>alert(1)</script>");
    const page = await crawl(`/game/${id}`);
    expect(page.title).toBe(`Run "at" <script>alert(1)</script> & more · Ball with the Bros`);
    expect(page.scripts).toEqual(["/assets/app-abc123.js"]);
  });

  it("answers a missing game or court with 404 and a title that says so", async () => {
    for (const [url, title] of [
      ["/game/999999", "Game not found"],
      ["/game/abc", "Game not found"],
      ["/courts/999999", "Court not found"],
      ["/courts/0", "Court not found"],
      ["/no/such/page", "Page Not Found"],
    ]) {
      const page = await crawl(url ?? "");
      expect(page.status, url).toBe(404);
      expect(page.title, url).toBe(`${title} · Ball with the Bros`);
      expect(page.meta("robots"), url).toBe("noindex");
      expect(page.root, url).not.toBeNull(); // the app still shows its own screen
    }
  });

  it("gives signed-in pages a plain title that crawlers should not keep", async () => {
    const page = await crawl("/dashboard");
    expect(page.status).toBe(200);
    expect(page.title).toBe("Dashboard · Ball with the Bros");
    expect(page.meta("robots")).toBe("noindex");
    expect(page.meta("og:image")).toBeNull();
  });

  it("lets a crawler revalidate a page it already has", async () => {
    const first = await t.app.inject({ url: "/courts" });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: "/courts", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });
});

describe("the installable app", () => {
  it("links the manifest, the theme colour and the Apple icon from every page's head", async () => {
    for (const url of ["/", "/courts", "/leaderboard", `/game/${gameId}`, "/dashboard"]) {
      const response = await t.app.inject({ url });
      const { document } = new JSDOM(response.body).window;
      const head = document.head;
      expect(head.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe(
        "/manifest.webmanifest",
      );
      expect(head.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe(
        "#c2410c",
      );
      expect(head.querySelector('link[rel="apple-touch-icon"]')).not.toBeNull();
    }
  });

  it("serves the manifest as application/manifest+json, cacheable", async () => {
    const response = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.json()).toEqual({ name: "SPA" });
  });

  it("lets icons be cached and has the service worker revalidated on every use", async () => {
    const icon = await t.app.inject({ url: "/icons/icon-192.png" });
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
    const worker = await t.app.inject({ url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });
});

describe("robots.txt and the sitemap", () => {
  it("serves robots.txt as text, pointing at the sitemap", async () => {
    const response = await t.app.inject({ url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Allow: /api/games/*/preview.png");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("lists public pages, active courts and upcoming games in sitemap.xml", async () => {
    const retired = await insertCourtRow(t.db, { name: "Gone Court", isActive: false });
    const past = await insertGameWithPlayers(t.db, {
      courtId: harlem,
      organizerId,
      startsInHours: -5,
    });
    const cancelled = await insertGameWithPlayers(t.db, {
      courtId: harlem,
      organizerId,
      startsInHours: 5,
      status: "cancelled",
    });
    const atRetired = await insertGameWithPlayers(t.db, {
      courtId: retired,
      organizerId,
      startsInHours: 5,
    });
    const response = await t.app.inject({ url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const { document } = new JSDOM(response.body, { contentType: "text/xml" }).window;
    expect(document.documentElement.tagName).toBe("urlset");
    const locs = [...document.querySelectorAll("url > loc")].map((loc) => loc.textContent);
    for (const path of ["/", "/courts", "/leaderboard", "/waitlist", "/contact"]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(locs).toContain(`${PUBLIC_URL}/courts/${harlem}`);
    expect(locs).toContain(`${PUBLIC_URL}/game/${gameId}`);
    for (const hidden of [
      `/courts/${retired}`,
      `/game/${past}`,
      `/game/${cancelled}`,
      `/game/${atRetired}`,
      "/dashboard",
    ]) {
      expect(locs).not.toContain(`${PUBLIC_URL}${hidden}`);
    }
    expect(document.querySelector("url > lastmod")?.textContent).toMatch(/^\d{4}-\d\d-\d\d$/);
    await t.db.delete(games).where(eq(games.courtId, retired));
  });
});

describe("a sitemap of more than 50,000 URLs", () => {
  it("becomes a sitemap index of parts within the limit", async () => {
    const big = await createTestApp({ clientDir: client.dir, env: { PUBLIC_URL } });
    try {
      await big.db.execute(sql`insert into courts (name, latitude, longitude, time_zone)
        select 'Court ' || n, 34 + n / 1e6, -118, 'America/Los_Angeles' from generate_series(1, ${SITEMAP_MAX_URLS + 10}) as n`);
      const index = await big.app.inject({ url: "/sitemap.xml" });
      expect(index.statusCode).toBe(200);
      const { document } = new JSDOM(index.body, { contentType: "text/xml" }).window;
      expect(document.documentElement.tagName).toBe("sitemapindex");
      const parts = [...document.querySelectorAll("sitemap > loc")].map((loc) => loc.textContent);
      expect(parts).toEqual([
        `${PUBLIC_URL}/sitemaps/pages.xml`,
        `${PUBLIC_URL}/sitemaps/courts-1.xml`,
        `${PUBLIC_URL}/sitemaps/courts-2.xml`,
      ]);
      const count = async (file: string) => {
        const part = await big.app.inject({ url: `/sitemaps/${file}` });
        expect(part.statusCode, file).toBe(200);
        expect(part.headers["content-type"]).toBe("application/xml; charset=utf-8");
        return part.body.split("<loc>").length - 1;
      };
      expect(await count("courts-1.xml")).toBe(SITEMAP_MAX_URLS);
      expect(await count("courts-2.xml")).toBe(10);
      expect(await count("pages.xml")).toBe(5);
      expect((await big.app.inject({ url: "/sitemaps/courts-3.xml" })).statusCode).toBe(404);
      expect((await big.app.inject({ url: "/sitemaps/secrets.xml" })).statusCode).toBe(404);
    } finally {
      await big.close();
    }
  }, 120_000);
});
