import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { type ConsoleAllowance, screenshot, setUpBrowser } from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";

const browser = setUpBrowser();

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A player without a profile yet: GET /api/user/profile answers 404, which Chromium logs. */
const NO_PROFILE_YET: ConsoleAllowance = {
  reason: "a brand-new player has no profile: /api/user/profile answers 404",
  text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  path: "/api/user/profile",
};

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

describe("the dashboard's first paint (issue 31)", () => {
  for (const [name, options] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`on a ${name}: no invented counter while the metrics load, then the real ones without a shift`, async () => {
      const { page, context } = await browser.newPage({
        ...options,
        // The page's own requests, so the held metrics answer is the page's, not the worker's.
        serviceWorkers: "block",
        allowConsoleErrors: [NO_PROFILE_YET],
      });
      await observeLayoutShifts(context);
      await signUpByApi(page);
      await becomeLocatedPlayer(page);
      // The metrics answer is held back until the first paint has been read; what it says
      // is read from it (the counters may move while the test runs).
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let real: { activeUsers: number; totalCourts: number } | undefined;
      await page.route("**/api/metrics", async (route) => {
        await held;
        const response = await route.fetch();
        real = await response.json();
        await route.fulfill({ response });
      });
      await page.goto("/dashboard");
      await page.getByText("Welcome, Jordan!").waitFor();
      const stat = (label: string) =>
        page
          .locator("dl > div")
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator("dd");
      expect(await stat("Active Bros").textContent()).toBe("Loading…");
      expect(await stat("Live Courts").textContent()).toBe("Loading…");
      expect(await page.locator("dl").first().textContent()).not.toMatch(/127|43/);
      release();
      await expect.poll(() => real).toBeDefined();
      await expect
        .poll(() => stat("Active Bros").textContent(), { timeout: 20_000 })
        .toBe(String(real?.activeUsers));
      expect(await stat("Live Courts").textContent()).toBe(String(real?.totalCourts));
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(700);
      const { cls, worst } = await layoutShift(page);
      console.log(`[e2e] ${name} dashboard first paint: CLS ${cls.toFixed(3)}`);
      expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);
      console.log(`[e2e] screenshot: ${await screenshot(page, `dashboard-first-paint-${name}`)}`);
    });
  }
});

describe("the signed-in hub: dashboard, home and players", () => {
  for (const [name, options] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`a new player sees the dashboard, home and players on a ${name}; accessible`, async () => {
      const { page } = await browser.newPage({ ...options, allowConsoleErrors: [NO_PROFILE_YET] });
      await signUpByApi(page);

      await page.goto("/dashboard");
      await page.getByText("Welcome, Jordan!").waitFor();
      await page.getByRole("region", { name: "Complete your profile" }).waitFor();
      await page.getByRole("heading", { name: "Live Courts" }).waitFor();
      await page
        .getByRole("button", { name: /bros? active \(/ })
        .first()
        .waitFor();
      await settle(page);
      await expectAccessible(page, `the dashboard, no profile (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `dashboard-new-${name}`)}`);

      await becomeLocatedPlayer(page);
      await page.goto("/dashboard");
      await page.getByText("Welcome, Jordan!").waitFor();
      await page.getByRole("heading", { name: "E2E Hooper" }).waitFor();
      await settle(page);
      expect(await page.getByRole("region", { name: "Complete your profile" }).count()).toBe(0);
      await expectAccessible(page, `the dashboard (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `dashboard-${name}`)}`);

      await page.goto("/home");
      await page.getByRole("tab", { name: "Discover", selected: true }).waitFor();
      await page.getByRole("heading", { name: "Bros Looking to Ball" }).waitFor();
      await page
        .getByRole("region", { name: "Your status" })
        .getByText("Los Angeles, CA", { exact: true })
        .waitFor();
      await page.getByRole("article").first().waitFor();
      await settle(page);
      await expectAccessible(page, `home, discover (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `home-${name}`)}`);
      for (const tab of ["My Games", "Training", "Profile"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tab", { name: tab, selected: true }).waitFor();
      }
      await page.getByRole("link", { name: "Full Profile" }).waitFor();
      await expectAccessible(page, `home, profile tab (${name})`);

      await page.goto("/players");
      await page.getByRole("heading", { level: 1, name: "Connect with Bros" }).waitFor();
      await page.getByRole("article").first().waitFor();
      await settle(page);
      await expectAccessible(page, `the players page (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `players-${name}`)}`);
    });
  }

  it("checks into a court from the dashboard and sees the success toast", async () => {
    const { page } = await browser.newPage({ ...DESKTOP, allowConsoleErrors: [NO_PROFILE_YET] });
    await signUpByApi(page);
    await page.goto("/dashboard");
    const marker = page.getByRole("button", { name: /bros? active \(/ }).first();
    const label = (await marker.getAttribute("aria-label")) ?? "";
    const courtName = label.split(":")[0] ?? "";
    // Other journeys share this server and may have checked in here already.
    const count = label.match(/: (No|\d+) bros? active/)?.[1];
    const before = count === "No" ? 0 : Number(count ?? Number.NaN);
    expect(before).not.toBeNaN();
    await marker.click();
    const dialog = page.getByRole("dialog", { name: "Check into Court" });
    await dialog.getByText(courtName, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Check In", exact: true }).click();
    const toast = page.getByRole("region", { name: /notifications/i });
    await toast.getByText("Checked In! 🏀", { exact: true }).waitFor();
    await toast.getByText("You're ready to start hooping!", { exact: true }).waitFor();
    await dialog.waitFor({ state: "hidden" });

    const current = await (await page.request.get("/api/checkin")).json();
    expect(current.checkIn.courtName).toBe(courtName);
    // The counters were refreshed: the court now counts this player.
    const after = before + 1;
    await page
      .getByRole("button", {
        name: new RegExp(`^${courtName}: ${after} ${after === 1 ? "bro" : "bros"} active`),
      })
      .waitFor();
    console.log(`[e2e] screenshot: ${await screenshot(page, "dashboard-checked-in-desktop")}`);
  });
});
