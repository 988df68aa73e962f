import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

describe("profile setup and profile", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: a new player sets up a profile and sees it on /profile`, async () => {
      const { page } = await browser.newPage(options);
      const player = await signUp(page);
      const nickname = `Splash ${player.lastName.slice(-4)}`;

      // One location per player (decision 097): the areas offered are those of the player's
      // city, so this player lives in Los Angeles, as onboarding would have set.
      const saved = await page.evaluate(async () => {
        const response = await fetch("/api/user/location", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            city: "Los Angeles",
            state: "CA",
            country: "US",
            latitude: 34.0522,
            longitude: -118.2437,
          }),
        });
        return response.status;
      });
      expect(saved).toBeLessThan(300);
      await page.goto("/profile-setup");
      await page.getByRole("heading", { level: 1, name: "Set Up Your Profile" }).waitFor();
      await page.getByText("Step 1 of 3", { exact: true }).waitFor();
      await expectAccessible(page, `profile setup step 1 (${name})`);

      // Next checks the step: a two-letter nickname is refused with the spec's message.
      await page.getByLabel("Nickname", { exact: true }).fill("ab");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByText("Nickname must be at least 3 characters", { exact: true }).waitFor();
      await page.getByText("Primary position is required", { exact: true }).waitFor();
      await expectAccessible(page, `profile setup step 1 with messages (${name})`);
      await shot(page, `profile-setup-errors-${name}`);

      await page.getByLabel("Nickname", { exact: true }).fill(nickname);
      await page.getByLabel("Primary Position", { exact: true }).selectOption("Point Guard");
      await page.getByRole("button", { name: "Next", exact: true }).click();

      await page.getByText("Step 2 of 3", { exact: true }).waitFor();
      const shooting = page.getByRole("slider", { name: "Shooting" });
      expect(await shooting.inputValue()).toBe("3");
      // A real keyboard on the range input: two steps up, from 3 to 5.
      await shooting.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      expect(await shooting.inputValue()).toBe("5");
      await page.getByText("5/5", { exact: true }).waitFor();
      await expectAccessible(page, `profile setup step 2 (${name})`);
      await shot(page, `profile-setup-skills-${name}`);
      await page.getByRole("button", { name: "Next", exact: true }).click();

      await page.getByText("Step 3 of 3", { exact: true }).waitFor();
      await page.getByLabel("Where do you usually hoop?").selectOption("Venice Beach");
      const available = page.getByRole("checkbox", { name: "I'm available to hoop" });
      expect(await available.isChecked()).toBe(true);
      await expectAccessible(page, `profile setup step 3 (${name})`);
      await shot(page, `profile-setup-location-${name}`);
      await page.getByRole("button", { name: "Complete Setup", exact: true }).click();

      await page.waitForURL((url) => url.pathname === "/dashboard");
      const toasts = page.getByRole("region", { name: /notifications/i });
      await toasts.getByText("Welcome to the Bros! 🏀", { exact: true }).waitFor();

      await page.goto("/profile");
      await page.getByRole("heading", { level: 1, name: nickname }).waitFor();
      await page.getByText("Venice Beach", { exact: true }).waitFor();
      const shootingRow = page.locator("div", { has: page.getByText("Shooting", { exact: true }) });
      await shootingRow
        .getByText("5 out of 5", { exact: true })
        .first()
        .waitFor({ state: "attached" });
      expect(await page.getByText("Games Played", { exact: true }).count()).toBe(1);
      await expectAccessible(page, `profile (${name})`);
      await shot(page, `profile-skills-${name}`);

      for (const tab of ["Games", "Badges", "Stats"]) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expectAccessible(page, `profile ${tab} tab (${name})`);
      }
      await page.getByRole("tab", { name: "Games", exact: true }).click();
      await page.getByText("No recent games", { exact: true }).waitFor();
      await page.getByRole("tab", { name: "Badges", exact: true }).click();
      expect(await page.getByText("Not earned yet", { exact: true }).count()).toBe(6);
      await shot(page, `profile-badges-${name}`);

      // Edit opens the setup again, starting from the saved values.
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/profile-setup");
      expect(await page.getByLabel("Nickname", { exact: true }).inputValue()).toBe(nickname);
    });
  }
});
