/**
 * Issue 31 point 3: the way back through onboarding. A visitor on a game presses Join Game,
 * signs in with an account that has no city yet and goes through onboarding — by any of its
 * ways out (finishing, skipping a step, skipping it all, making a profile on the way) — and
 * ends on the game. A returnTo that is not a path of this site is ignored.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/auth.ts";
import { type ConsoleAllowance, SIGNED_OUT_USER_CHECK, setUpBrowser } from "./support/browser.ts";

const browser = setUpBrowser();

const NO_PROFILE_YET: ConsoleAllowance = {
  reason: "a brand-new player has no profile: /api/user/profile answers 404",
  text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  path: "/api/user/profile",
};
const pathIs = (expected: string) => (url: URL) => url.pathname === expected;
const stepHeading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name, exact: true });

async function upcomingGame(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get("/api/games/upcoming?openSpots=true");
  const games = (await response.json()) as { id: number; title: string | null }[];
  const game = games.find((g) => g.title);
  if (!game?.title) throw new Error("the demo data has no upcoming game with a title");
  return { id: game.id, title: game.title };
}

/** An account that exists but has never finished onboarding, signed out; then the visitor's Join. */
async function joinAsVisitorAndSignIn(page: Page) {
  const user = await signUp(page);
  await page.goto("/api/logout");
  await page.waitForURL(pathIs("/"));
  await page.waitForLoadState("networkidle");
  const game = await upcomingGame(page);
  await page.goto(`/game/${game.id}`);
  await page.waitForLoadState("networkidle"); // hydrated: the button works
  await page.getByRole("button", { name: "Join Game", exact: true }).click();
  await page.waitForURL(pathIs("/api/login"));
  // Signing in on the page Join opened (it carries returnTo).
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email", { exact: true }).fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(pathIs("/onboarding"));
  expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/game/${game.id}`);
  return game;
}

async function expectOnGame(page: Page, game: { id: number; title: string }) {
  await page.waitForURL(pathIs(`/game/${game.id}`));
  await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
  // Signed in now: Join works from here.
  await page.getByRole("button", { name: "Join Game", exact: true }).click();
  await page.getByRole("button", { name: "Leave Game", exact: true }).waitFor();
}

describe("the way back through onboarding", () => {
  const options = {
    viewport: { width: 1280, height: 800 },
    allowConsoleErrors: [SIGNED_OUT_USER_CHECK, NO_PROFILE_YET],
  };

  it("skipping every step ends on the game", async () => {
    const { page } = await browser.newPage(options);
    const game = await joinAsVisitorAndSignIn(page);
    await stepHeading(page, "Set Your Location").waitFor();
    await page.getByRole("button", { name: "Skip for now", exact: true }).click();
    await stepHeading(page, "Create Profile").waitFor();
    await page.getByRole("button", { name: "Skip for now", exact: true }).click();
    await stepHeading(page, "Set Preferences").waitFor();
    await page.getByRole("button", { name: "Skip for now", exact: true }).click();
    await expectOnGame(page, game);
  });

  it("'Skip setup and start exploring' ends on the game", async () => {
    const { page } = await browser.newPage(options);
    const game = await joinAsVisitorAndSignIn(page);
    await stepHeading(page, "Set Your Location").waitFor();
    await page.getByRole("button", { name: "Skip setup and start exploring", exact: true }).click();
    await expectOnGame(page, game);
  });

  it("a city, a profile made on the way and Complete Setup end on the game", async () => {
    const { page } = await browser.newPage(options);
    const game = await joinAsVisitorAndSignIn(page);
    await page.getByLabel("Search for your city").fill("Los Angeles");
    await page.getByRole("button", { name: /^Los Angeles, CA/ }).click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await stepHeading(page, "Create Profile").waitFor();
    await page.getByRole("link", { name: "Create Profile", exact: true }).click();
    await page.waitForURL(pathIs("/profile-setup"));
    await page.getByLabel("Nickname", { exact: true }).fill("Way Back");
    await page.getByLabel("Primary Position", { exact: true }).selectOption("Point Guard");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Complete Setup", exact: true }).click();
    await page.waitForURL(pathIs("/onboarding"));
    await stepHeading(page, "Set Preferences").waitFor();
    await page.getByRole("button", { name: "Complete Setup", exact: true }).click();
    await expectOnGame(page, game);
  });

  it("a returnTo to another site is ignored: onboarding ends on /", async () => {
    const { page } = await browser.newPage(options);
    await signUp(page);
    await page.goto(`/onboarding?returnTo=${encodeURIComponent("//evil.example/x")}`);
    await stepHeading(page, "Set Your Location").waitFor();
    await page.getByRole("button", { name: "Skip setup and start exploring", exact: true }).click();
    await page.waitForURL(pathIs("/"));
    expect(page.url()).not.toContain("evil");
  });
});
