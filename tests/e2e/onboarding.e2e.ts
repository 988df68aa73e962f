import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const stepHeading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name, exact: true });
const toast = (page: Page) => page.getByRole("region", { name: /notifications/i });
const pathIs = (expected: string) => (url: URL) => url.pathname === expected;

async function currentUser(page: Page) {
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return (await response.json()) as { city: string | null; state: string | null };
}

describe("onboarding", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: a new player finds a real city, saves it, skips the profile and finishes`, async () => {
      const { page } = await browser.newPage(options);
      await signUp(page);
      await stepHeading(page, "Set Your Location").waitFor();
      await page.getByText("0 of 3 complete", { exact: true }).waitFor();
      const continueButton = page.getByRole("button", { name: "Continue", exact: true });
      expect(await continueButton.isDisabled()).toBe(true);
      await expectAccessible(page, `onboarding, location step (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `onboarding-location-${name}`)}`);

      // Real data: the server loaded every US city. Typing "sacra" lists Sacramento, CA first.
      await page.getByLabel("Search for your city").fill("sacra");
      const sacramento = page.getByRole("button", { name: /^Sacramento, CA/ });
      await sacramento.waitFor();
      expect(await sacramento.textContent()).toMatch(/Sacramento, CA\d+K people/);
      await sacramento.click();
      expect(await sacramento.getAttribute("aria-pressed")).toBe("true");
      await expectAccessible(page, `onboarding, city results (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `onboarding-results-${name}`)}`);

      await continueButton.click();
      await toast(page).getByText("Location saved!", { exact: true }).waitFor();
      await toast(page).getByText("Set to Sacramento, CA", { exact: true }).waitFor();
      await stepHeading(page, "Create Profile").waitFor();
      await page.getByText("1 of 3 complete", { exact: true }).waitFor();
      expect(await currentUser(page)).toMatchObject({ city: "Sacramento", state: "CA" });
      await expectAccessible(page, `onboarding, profile step (${name})`);

      await page.getByRole("button", { name: "Skip for now", exact: true }).click();
      await stepHeading(page, "Set Preferences").waitFor();
      await page.getByText("Coming soon", { exact: true }).waitFor();
      await expectAccessible(page, `onboarding, preferences step (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `onboarding-preferences-${name}`)}`);

      await page.getByRole("button", { name: "Complete Setup", exact: true }).click();
      await page.waitForURL(pathIs("/"));
      await toast(page).getByText("Welcome to Ball with the Bros!", { exact: true }).waitFor();
      await toast(page).getByText("Your account setup is complete.", { exact: true }).waitFor();

      // Completed: /onboarding now sends the player to /, even when typed in. (Waiting for the
      // landing page to load first: cutting its downloads off makes the server log errors.)
      await page.waitForLoadState("networkidle");
      await page.goto("/onboarding");
      await page.waitForURL(pathIs("/"));
    });
  }

  it("'Use Current Location' picks the nearest known city, and a new sign-in resumes at the first open step", async () => {
    const { page } = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: 39.7392, longitude: -104.9903 }, // downtown Denver
      permissions: ["geolocation"],
    });
    await signUp(page);
    await stepHeading(page, "Set Your Location").waitFor();
    await page.getByRole("button", { name: "Use Current Location", exact: true }).click();
    await toast(page).getByText("Location detected", { exact: true }).waitFor();
    await page.getByText("Denver, CO", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await toast(page).getByText("Set to Denver, CO", { exact: true }).waitFor();
    await stepHeading(page, "Create Profile").waitFor();

    // Coming back later starts at the first step not done: the profile.
    await page.reload();
    await stepHeading(page, "Create Profile").waitFor();
    await page.getByText("1 of 3 complete", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Skip setup and start exploring", exact: true }).click();
    await page.waitForURL(pathIs("/"));
    await toast(page).getByText("Welcome to Ball with the Bros!", { exact: true }).waitFor();
  });
});
