import { describe, expect, it } from "vitest";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

type Game = { title: string; currentPlayers: number; maxPlayers: number };
type Court = { name: string };
type Ranked = { nickname: string };

/** What each page's server HTML must already say, read from the API at test time. */
async function expectations(request: import("playwright-core").APIRequestContext) {
  const game = (await (await request.get("/api/games/1")).json()) as Game;
  const court = (await (await request.get("/api/courts/1")).json()) as Court;
  const [top] = (await (await request.get("/api/leaderboard/global")).json()) as Ranked[];
  if (!top) throw new Error("the demo data has no ranked player");
  return [
    { path: "/", texts: ["Find Your Court, Find Your Crew", "Active Bros"] },
    { path: "/leaderboard", texts: ["Leaderboard", top.nickname] },
    {
      path: "/game/1",
      texts: [game.title, `${game.currentPlayers} / ${game.maxPlayers} Players`],
    },
    { path: "/courts/1", texts: [court.name] },
    { path: "/courts", texts: ["Courts Available", "Clear All Filters"] },
  ];
}

describe("first paint from the server", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: each page's first screen is in the HTML; the app hydrates it without an error or a shift`, async () => {
      const { page: offline } = await browser.newPage({ ...options, javaScriptEnabled: false });
      const pages = await expectations(offline.request);
      for (const { path, texts } of pages) {
        // JavaScript off: exactly what the server sent.
        const response = await offline.goto(path);
        expect(response?.status(), path).toBe(200);
        const html = (await offline.locator("#root").textContent()) ?? "";
        for (const text of texts) expect(html, `${path} without JavaScript`).toContain(text);
        await screenshot(offline, `first-paint-${name}${path.replace(/\W+/g, "-")}-no-js`);
      }

      // JavaScript on: signed out, the browser asks nothing it was given (no 401 for the
      // auth check), logs no error (a hydration mismatch is one) and nothing moves.
      const { page, context } = await browser.newPage({ ...options, allowConsoleErrors: [] });
      await observeLayoutShifts(context);
      await context.addInitScript(() => {
        // Marks the server's <h1> before the app's scripts run: hydration keeps that node,
        // rendering from scratch would replace it.
        document.addEventListener("readystatechange", () => {
          if (document.readyState !== "interactive") return;
          document.querySelector("#root h1")?.setAttribute("data-from-server", "");
        });
      });
      for (const { path, texts } of pages) {
        await page.goto(path);
        const heading = page.locator("#root h1").first();
        await expect
          .poll(() => heading.evaluate((h) => Object.keys(h).some((k) => k.startsWith("__react"))))
          .toBe(true);
        expect(await heading.getAttribute("data-from-server"), `${path} hydrated`).toBe("");
        for (const text of texts) await page.getByText(text).first().waitFor();
        await page.waitForLoadState("networkidle");
        const { cls, worst } = await layoutShift(page);
        expect(cls, `${path}: ${JSON.stringify(worst)}`).toBeLessThanOrEqual(0.05);
        await screenshot(page, `first-paint-${name}${path.replace(/\W+/g, "-")}`);
      }
    });
  }
});
