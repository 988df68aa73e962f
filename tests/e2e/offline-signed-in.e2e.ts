/**
 * Issue 31 point 2: a signed-in player's pages offline, with the real service worker. After
 * visiting them signed in, going offline and reloading opens each with what was seen, signed
 * in as before; a page never seen says so inside the app's shell (no browser error page).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { type ConsoleAllowance, screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";

const browser = setUpBrowser();

const OFFLINE_TEXT = "You're offline — showing what you saw last";
const NOT_SAVED = "This page hasn't been opened on this device yet";

/** Offline, what is not kept (the live stream, fresh reads) fails to load, as it should. */
const OFFLINE_FAILURES: ConsoleAllowance = {
  reason: "offline: the network is gone",
  text: /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/,
  path: /^\/api\//,
};
const NO_PROFILE_YET: ConsoleAllowance = {
  reason: "before the profile is made, /api/user/profile answers 404",
  text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  path: "/api/user/profile",
};

function controlled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller !== null;
  });
}

const h1 = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true }).first();
const banner = (page: Page) => page.getByRole("status").filter({ hasText: OFFLINE_TEXT });

/** Signed in: the top bar's Sign Out, never the visitor's Sign In. */
async function expectSignedIn(page: Page) {
  await page
    .getByRole("button", { name: /Sign Out/, includeHidden: true })
    .first()
    .waitFor({ state: "attached" });
  expect(
    await page.getByRole("button", { name: "Sign In", exact: true, includeHidden: true }).count(),
  ).toBe(0);
}

describe("a signed-in player offline", () => {
  it("reopens the pages seen, signed in, with what was seen; a page never seen says so in the app", async () => {
    const { page, context } = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      allowConsoleErrors: [OFFLINE_FAILURES, NO_PROFILE_YET],
    });
    await signUpByApi(page);
    await becomeLocatedPlayer(page, "Offline Ace");
    expect((await page.request.post("/api/user/complete-registration")).status()).toBeLessThan(300);

    const games = (await (await page.request.get("/api/games/upcoming")).json()) as {
      id: number;
      title: string | null;
      court: { id: number; name: string };
    }[];
    const game = games.find((g) => g.title);
    if (!game?.title) throw new Error("the demo data has no upcoming game with a title");
    const court = game.court;

    // Online, signed in: each page once.
    const seen: [string, string][] = [
      ["/", "Dashboard"],
      ["/courts", "Courts"],
      [`/courts/${court.id}`, court.name],
      [`/game/${game.id}`, game.title],
      ["/leaderboard", "Leaderboard"],
      ["/notifications", "Notifications"],
    ];
    // The dashboard's counters, as a dd beside their label.
    const counter = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    const counters: Record<string, string | null> = {};
    for (const [path, heading] of seen) {
      await page.goto(path);
      await h1(page, heading).waitFor();
      await page.waitForLoadState("networkidle");
      if (path === "/") {
        for (const label of ["Active Bros", "Live Courts", "Your Games"]) {
          await expect.poll(() => counter(label).textContent()).toMatch(/^\d+$/);
          counters[label] = await counter(label).textContent();
        }
      }
    }
    expect(await controlled(page)).toBe(true);
    // The kept data is written at most every 250 ms: wait until it holds the player and the
    // last page's reads.
    const kept = () => page.evaluate(() => window.localStorage.getItem("bwb-offline-cache") ?? "");
    await expect.poll(kept).toContain('"/api/notifications"');
    expect(await kept()).toContain('"/api/auth/user"');

    console.log("[e2e] offline now");
    await context.setOffline(true);
    for (const [path, heading] of seen) {
      await page.goto(path);
      await banner(page).waitFor();
      await h1(page, heading).waitFor();
      await expectSignedIn(page);
      console.log(
        `[e2e] screenshot: ${await screenshot(page, `offline-signed-in-${path.replace(/\W+/g, "-")}-phone`)}`,
      );
    }
    // The dashboard's counters as seen, not the fallbacks for missing data.
    await page.goto("/");
    await h1(page, "Dashboard").waitFor();
    for (const [label, seenValue] of Object.entries(counters)) {
      expect(await counter(label).textContent(), label).toBe(seenValue);
    }
    // What was seen, not an error: the game's and the court's own pages.
    await page.goto(`/game/${game.id}`);
    await h1(page, game.title).waitFor();
    expect(await page.getByText("Could not load this game").count()).toBe(0);
    await page.goto(`/courts/${court.id}`);
    await h1(page, court.name).waitFor();
    expect(await page.getByText("The court could not be loaded.").count()).toBe(0);

    // Never seen: inside the app's shell, which says so.
    const other = games.find((g) => g.id !== game.id);
    if (other) {
      await page.goto(`/game/${other.id}`);
      await banner(page).waitFor();
      await page.getByText(NOT_SAVED).waitFor();
      await expectSignedIn(page);
      console.log(
        `[e2e] screenshot: ${await screenshot(page, "offline-signed-in-never-seen-phone")}`,
      );
    }
    await page.goto("/settings");
    await banner(page).waitFor();
    await expectSignedIn(page);

    await context.setOffline(false);
  }, 300_000);
});
