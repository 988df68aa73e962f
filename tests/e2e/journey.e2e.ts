/**
 * A new player's whole first visit, as issue 10 saw it, at phone and desktop widths: a visitor
 * browses, presses Join on a game, creates an account, goes through onboarding (Los Angeles,
 * a profile) and comes back to that game; then every signed-in page. On every page the layout
 * shift while data loads is measured in the page (CLS ≤ 0.1), nothing is wider than the phone,
 * the location reads the same everywhere, and a screenshot is kept.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueUser } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { type ConsoleAllowance, screenshot, setUpBrowser } from "./support/browser.ts";
import { horizontalOverflow, layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const CLS_LIMIT = 0.1;
const pathIs = (expected: string) => (url: URL) => url.pathname === expected;
const stepHeading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name, exact: true });

/** Until the profile is made, GET /api/user/profile answers 404, which Chromium logs. */
const NO_PROFILE_YET: ConsoleAllowance = {
  reason: "a brand-new player has no profile: /api/user/profile answers 404",
  text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  path: "/api/user/profile",
};
const SIGNED_OUT: ConsoleAllowance = {
  reason: "signed out, /api/auth/user answers 401",
  text: /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
  path: "/api/auth/user",
};

const measured: string[] = [];

/** The page as loaded now: settled, then its layout shift, width and a screenshot. */
async function checkPage(page: Page, label: string, viewport: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(700); // late shifts (fonts, images, a query answered last)
  const { cls, worst } = await layoutShift(page);
  measured.push(`${viewport} ${label}: CLS ${cls.toFixed(3)}`);
  console.log(`[e2e] ${viewport} ${label}: CLS ${cls.toFixed(3)}`);
  expect(
    cls,
    `${label} (${viewport}) shifted by ${cls.toFixed(3)}:\n${JSON.stringify(worst, null, 1)}`,
  ).toBeLessThanOrEqual(CLS_LIMIT);
  if (viewport === "phone") expect(await horizontalOverflow(page), label).toEqual([]);
  console.log(`[e2e] screenshot: ${await screenshot(page, `journey-${label}-${viewport}`)}`);
}

/** Loads `path` afresh (a new document, so its shifts are its own) and checks it. */
async function visit(page: Page, path: string, label: string, viewport: string, ready: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: ready }).first().waitFor();
  await checkPage(page, label, viewport);
}

/** A game a newcomer can join: upcoming, with a title and a free seat. */
async function firstUpcomingGame(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get("/api/games/upcoming?openSpots=true");
  const games = (await response.json()) as {
    id: number;
    title: string | null;
    court: { name: string };
  }[];
  const game = games.find((g) => g.title);
  if (!game?.title) throw new Error("the demo data has no upcoming game with a title");
  return { id: game.id, title: game.title };
}

describe("a new player's first visit", () => {
  for (const { name: viewport, options } of VIEWPORTS) {
    it(`on a ${viewport}: browse, Join, sign up, onboard, back at the game, then every page`, async () => {
      const { page, context } = await browser.newPage({
        ...options,
        allowConsoleErrors: [SIGNED_OUT, NO_PROFILE_YET],
      });
      await observeLayoutShifts(context);

      // A visitor.
      await page.goto("/");
      await page.getByRole("link", { name: "Join Waitlist" }).first().waitFor();
      await checkPage(page, "landing", viewport);
      await visit(page, "/courts", "courts", viewport, "Courts");
      await visit(page, "/leaderboard", "leaderboard", viewport, "Leaderboard");
      const game = await firstUpcomingGame(page);
      await visit(page, `/game/${game.id}`, "game-visitor", viewport, game.title);

      // Join sends them to sign in, remembering the game.
      await page.getByRole("button", { name: "Join Game", exact: true }).click();
      await page.waitForURL(pathIs("/api/login"));
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/game/${game.id}`);
      const user = uniqueUser();
      const form = page.getByRole("form", { name: "Create account" });
      await form.getByLabel("First name", { exact: true }).fill(user.firstName);
      await form.getByLabel("Last name", { exact: true }).fill(user.lastName);
      await form.getByLabel("Email", { exact: true }).fill(user.email);
      await form.getByLabel("Password", { exact: true }).fill(user.password);
      await form.getByRole("button", { name: "Create account" }).click();

      // Onboarding, carrying the game along.
      await page.waitForURL(pathIs("/onboarding"));
      await stepHeading(page, "Set Your Location").waitFor();
      await checkPage(page, "onboarding", viewport);
      await page.getByLabel("Search for your city").fill("Los Angeles");
      await page.getByRole("button", { name: /^Los Angeles, CA/ }).click();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await stepHeading(page, "Create Profile").waitFor();
      await page.getByRole("link", { name: "Create Profile", exact: true }).click();
      await page.waitForURL(pathIs("/profile-setup"));
      await page.getByLabel("Nickname", { exact: true }).fill("Rookie Splash");
      await page.getByLabel("Primary Position", { exact: true }).selectOption("Point Guard");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("button", { name: "Complete Setup", exact: true }).click();
      await page.waitForURL(pathIs("/onboarding"));
      await stepHeading(page, "Set Preferences").waitFor();
      await page.getByRole("button", { name: "Complete Setup", exact: true }).click();

      // Back where they were: the game, where Join now works.
      await page.waitForURL(pathIs(`/game/${game.id}`));
      await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
      await page.getByRole("button", { name: "Join Game", exact: true }).click();
      await page.getByRole("button", { name: "Leave Game", exact: true }).waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
      await checkPage(page, "game-player", viewport);

      // Signed in, / is the dashboard; a new player is welcomed, not welcomed back.
      await visit(page, "/", "dashboard", viewport, "Dashboard");
      await page.getByText(`Welcome, ${user.firstName}!`, { exact: true }).waitFor();
      expect(await page.getByText(/Join Waitlist/).count()).toBe(0);
      const card = page.getByRole("heading", { name: "Rookie Splash" }).locator("xpath=../..");
      await card.getByText("Los Angeles, CA", { exact: true }).waitFor();
      await expectAccessible(page, `the dashboard at / (${viewport})`);

      await visit(page, "/games", "games", viewport, "Join pickup games");
      await visit(page, "/home", "home", viewport, "Home");
      await page.getByText("Los Angeles, CA", { exact: true }).first().waitFor();
      await visit(page, "/profile", "profile", viewport, "Rookie Splash");
      await page
        .getByRole("banner")
        .or(page.locator("header"))
        .getByText("Los Angeles, CA")
        .first()
        .waitFor();
      await visit(page, "/players", "players", viewport, "Connect with Bros");
      await visit(page, "/leaderboard", "leaderboard-signed-in", viewport, "Leaderboard");
      await visit(page, "/courts", "courts-signed-in", viewport, "Courts");
      await visit(page, "/settings", "settings", viewport, "Settings");
      console.log(`[e2e] layout shift:\n  ${measured.join("\n  ")}`);
    }, 240_000);
  }
});
