import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

/** A demo game and court to share: ids from the public API. */
async function sharedThings(page: Page) {
  const games = (await (await page.request.get("/api/games/upcoming")).json()) as {
    id: number;
    court: { id: number };
  }[];
  const game = games[0];
  if (!game) throw new Error("the demo data has no upcoming game");
  return { gameId: game.id, courtId: game.court.id };
}

/** What a link preview fetcher reads: the page as served, no JavaScript run. */
async function previewOf(page: Page, path: string) {
  const response = await page.goto(path);
  const meta = async (key: string) => {
    const tag = page.locator(`meta[property="${key}"], meta[name="${key}"]`);
    return (await tag.count()) > 0 ? tag.first().getAttribute("content") : null;
  };
  return {
    status: response?.status(),
    title: await page.title(),
    description: await meta("description"),
    ogTitle: await meta("og:title"),
    ogImage: await meta("og:image"),
    card: await meta("twitter:card"),
  };
}

describe("a shared link, as a crawler and as a player sees it", () => {
  it("without JavaScript: each page has its own title, description and preview image", async () => {
    const { page } = await browser.newPage({
      javaScriptEnabled: false,
      allowConsoleErrors: [
        {
          reason: "a missing game's page answers 404",
          text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
          path: "/game/987654",
        },
      ],
    });
    const { gameId, courtId } = await sharedThings(page);
    const paths = ["/", "/courts", "/leaderboard", `/game/${gameId}`, `/courts/${courtId}`];
    const previews = [];
    for (const path of paths) previews.push(await previewOf(page, path));
    for (const [i, preview] of previews.entries()) {
      expect(preview.status, paths[i]).toBe(200);
      expect(preview.ogTitle, paths[i]).toBe(preview.title);
      expect(preview.card, paths[i]).toBe("summary_large_image");
      expect(preview.ogImage, paths[i]).toMatch(/\/api\/.*preview\.png\?v=/);
    }
    expect(new Set(previews.map((p) => p.title)).size).toBe(paths.length);
    expect(new Set(previews.map((p) => p.description)).size).toBe(paths.length);
    expect(previews[3]?.description).toMatch(/ (AM|PM) PT · /); // the LA court's own zone

    // The game's picture is a real 1200×630 PNG.
    const image = await page.request.get(new URL(previews[3]?.ogImage ?? "").pathname);
    expect(image.headers()["content-type"]).toBe("image/png");
    const png = PNG.sync.read(await image.body());
    expect([png.width, png.height]).toEqual([1200, 630]);

    const missing = await previewOf(page, "/game/987654");
    expect([missing.status, missing.title]).toEqual([404, "Game not found · Ball with the Bros"]);
    const robots = await page.request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain(`/game/${gameId}</loc>`);
    const manifest = await page.request.get("/manifest.webmanifest");
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: the app keeps the title the server sent`, async () => {
      const { page } = await browser.newPage(options);
      const { gameId } = await sharedThings(page);
      for (const path of ["/courts", "/leaderboard", `/game/${gameId}`]) {
        const served = await page.request.get(path);
        const title = /<title>(.*?)<\/title>/.exec(await served.text())?.[1];
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expect.poll(() => page.title(), { message: path }).toBe(title);
      }
    });
  }
});

describe("the API reference", () => {
  /**
   * Swagger UI draws a long reference as a virtual list (from 150 tags and operations on): only
   * the operations near the viewport are in the page. Scrolling it top to bottom must show each
   * operation of the document once.
   */
  async function operationsSeenScrolling(page: Page) {
    const seen = new Set<string>();
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 400; step++) {
      for (const id of await page
        .locator(".opblock")
        .evaluateAll((blocks) => blocks.map((block) => block.id))) {
        seen.add(id);
      }
      const atEnd = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY === before;
      });
      if (atEnd) break;
      await page.waitForTimeout(50);
    }
    return seen;
  }

  it("shows every operation in Swagger UI under the app's own CSP", async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const document = (await (await page.request.get("/api/docs/json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const expected = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((op) => `operations-${op.tags[0]}-${op.operationId}`),
    );
    expect(expected.length).toBeGreaterThan(45);
    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: /Ball with the Bros API/ }).waitFor();
    await page.locator(".opblock-summary-path").first().waitFor();
    await expectAccessible(page, "API reference");
    await screenshot(page, "api-docs-desktop");
    expect([...(await operationsSeenScrolling(page))].sort()).toEqual([...expected].sort());
    // An operation opened: parameters, responses and their examples.
    const join = page.locator("#operations-games-joinGame");
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 400 && (await join.count()) === 0; step++) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      await page.waitForTimeout(50);
    }
    await join.locator(".opblock-summary-control").click();
    await join.getByText("Take a seat in a game (409 when it is full).").first().waitFor();
    await join.locator(".responses-wrapper").waitFor();
    // The page was checked whole above; now the operation that opened.
    await expectAccessible(page, "API reference, an operation open", {
      include: "#operations-games-joinGame",
    });
  }, 180_000);
});
