import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const toggle = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const isOn = async (page: Page, name: string) =>
  (await toggle(page, name).getAttribute("aria-checked")) === "true";
const toast = (page: Page) => page.getByRole("region", { name: /notifications/i });

/**
 * Signs a new player up and waits for the onboarding page to finish loading: leaving while its
 * scripts still download makes the server log "premature close" errors for them.
 */
async function signUpAndSettle(page: Page) {
  const player = await signUp(page);
  await page.getByRole("heading", { level: 2, name: "Set Your Location" }).waitFor();
  await page.waitForLoadState("networkidle");
  return player;
}

async function openSettings(page: Page) {
  await page.goto("/settings");
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  await toggle(page, "Game Invites").waitFor();
}

describe("settings", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: switches start at the defaults, and a saved change survives a reload`, async () => {
      const { page } = await browser.newPage(options);
      const player = await signUpAndSettle(page);
      await openSettings(page);

      const email = page.getByRole("textbox", { name: "Email", exact: true });
      expect(await email.inputValue()).toBe(player.email);
      expect(await email.getAttribute("readonly")).not.toBeNull();
      await page
        .getByText("Not confirmed yet: open the link we sent you", { exact: true })
        .waitFor();
      expect(await isOn(page, "Game Invites")).toBe(true);
      expect(await isOn(page, "Court Updates")).toBe(false);
      expect(await isOn(page, "Show Location")).toBe(true);
      await expectAccessible(page, `settings (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `settings-${name}`)}`);

      await toggle(page, "Court Updates").click();
      await toggle(page, "Show Location").click();
      await page.getByRole("button", { name: "Save Settings", exact: true }).click();
      await toast(page).getByText("Settings updated", { exact: true }).waitFor();
      await toast(page).getByText("Your preferences have been saved.", { exact: true }).waitFor();

      await page.reload();
      await toggle(page, "Game Invites").waitFor();
      expect(await isOn(page, "Court Updates")).toBe(true);
      expect(await isOn(page, "Show Location")).toBe(false);
      expect(await isOn(page, "Game Invites")).toBe(true);
    });
  }

  it("the location input really changes the player's city", async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpAndSettle(page);
    await openSettings(page);
    await page.getByText("Location not set", { exact: true }).waitFor();

    await page.getByLabel("Location", { exact: true }).fill("Portland, OR");
    await page.getByRole("button", { name: /^Portland, OR/ }).click();
    await expectAccessible(page, "settings with city results");
    console.log(`[e2e] screenshot: ${await screenshot(page, "settings-location-desktop")}`);
    await page.getByRole("button", { name: "Save Location", exact: true }).click();
    await toast(page).getByText("Set to Portland, OR", { exact: true }).waitFor();
    // Shown once the current user has been read again (so no request is cut off by the reload).
    await page.getByText("Current location: Portland, OR", { exact: true }).waitFor();
    await page.waitForLoadState("networkidle");

    await page.reload();
    await toggle(page, "Game Invites").waitFor();
    await page.getByText("Current location: Portland, OR", { exact: true }).waitFor();
    const user = await (await page.request.get("/api/auth/user")).json();
    expect(user).toMatchObject({ city: "Portland", state: "OR" });
  });
});
