import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import { control, SIGNED_OUT_USER_CHECK, screenshot, setUpBrowser } from "./support/browser.ts";

const TAGLINE = "Find Your Court, Find Your Crew";
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const browser = setUpBrowser();

const markers = (page: Page) => page.locator(".leaflet-marker-icon");
const hero = (page: Page) => page.getByRole("region", { name: TAGLINE });
/** The number under a hero counter's label. */
const counter = (page: Page, label: string) =>
  hero(page).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

/** Opens the page, and scrolls to its map: the map loads once its box is in view. */
async function openLanding(page: Page) {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await page.getByText(TAGLINE, { exact: true }).first().waitFor();
  await page.waitForLoadState("networkidle");
  // Below the first screen on a phone and a laptop: not loaded until scrolled to.
  expect(await page.locator(".leaflet-container").count()).toBe(0);
  await page.locator("#cities").scrollIntoViewIfNeeded();
  await markers(page).first().waitFor();
}

describe("the landing page", () => {
  for (const [name, options] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`on a ${name}: every section, 16 cities, live counters; accessible; screenshot`, async () => {
      const { page, blocked } = await browser.newPage(options);
      await openLanding(page);
      expect(await markers(page).count()).toBe(16);

      const metrics = (await (await page.request.get("/api/metrics")).json()) as Record<
        string,
        number
      >;
      expect(metrics.activeUsers).toBeGreaterThan(0); // the demo data's players
      for (const [label, key] of [
        ["Active Bros", "activeUsers"],
        ["Live Courts", "totalCourts"],
        ["Games Played", "gamesPlayed"],
      ] as const) {
        await expect
          .poll(() => counter(page, label).textContent())
          .toBe(metrics[key]?.toLocaleString("en-US"));
      }

      const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings).toEqual([
        "Available Cities",
        "Features",
        "What the Bros Are Saying",
        "Join the Conversation",
        "Ready to Find Your Crew?",
        "About",
        "Contact",
      ]);
      // 'Courts mapped' is the real number of courts (the demo's), not the spec's '10K+'.
      const { totalCourts } = (await (await page.request.get("/api/metrics")).json()) as {
        totalCourts: number;
      };
      const mapped = page.locator("dt", { hasText: "Courts mapped" });
      await mapped
        .locator("xpath=following-sibling::dd[1]")
        .getByText(totalCourts.toLocaleString("en-US"), { exact: true })
        .waitFor();
      await page.getByText("50K+", { exact: true }).waitFor();
      await page.getByRole("link", { name: /^Example Studio/ }).waitFor();
      const invite = page.getByRole("link", { name: /Join Discord Server/ });
      expect(await invite.getAttribute("target")).toBe("_blank");
      expect(await invite.getAttribute("rel")).toBe("noopener noreferrer");

      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `the landing page (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `landing-${name}`)}`);
      // Tiles are the only thing the page fetches from elsewhere (blocked here).
      expect(blocked.every((url) => new URL(url).hostname.endsWith("tile.openstreetmap.org"))).toBe(
        true,
      );
    });
  }

  it("opens a city's popup by click or keyboard, with its stats and 'LIVE - Coming Soon'", async () => {
    const { page } = await browser.newPage(DESKTOP);
    await openLanding(page);
    await page.getByRole("button", { name: "Los Angeles, CA", exact: true }).click();
    const popup = page.locator(".leaflet-popup");
    await popup.getByRole("heading", { name: "Los Angeles", exact: true }).waitFor();
    await popup.getByText("Ball with the Bros Location", { exact: true }).waitFor();
    await popup.getByText("LIVE - Coming Soon", { exact: true }).waitFor();
    const stat = (label: string) =>
      popup.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
    expect(await stat("Active Bros").textContent()).toBe("1,240");
    expect(await stat("Courts").textContent()).toBe("86");
    const width = await popup.locator(".leaflet-popup-content").evaluate((el) => el.clientWidth);
    expect(width).toBeGreaterThanOrEqual(220);
    expect(width).toBeLessThanOrEqual(250);
    await expectAccessible(page, "the landing page with a city popup");
    await popup.scrollIntoViewIfNeeded();
    console.log(`[e2e] screenshot: ${await screenshot(page, "landing-city-popup-desktop")}`);

    await page.getByRole("button", { name: "Chicago, IL", exact: true }).focus();
    await page.keyboard.press("Enter");
    await popup.getByRole("heading", { name: "Chicago", exact: true }).waitFor();
  });

  it("'Find Courts Near Me' opens the courts directory at the visitor's position", async () => {
    const { page } = await browser.newPage({
      ...DESKTOP,
      geolocation: { latitude: 34.0522, longitude: -118.2437 },
      permissions: ["geolocation"],
    });
    await openLanding(page);
    await page.getByRole("button", { name: "Find Courts Near Me", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/courts");
    expect(new URL(page.url()).search).toBe("?lat=34.052&lng=-118.244");
  });

  it("'Find Courts Near Me' refused: says so and opens all courts", async () => {
    const { page } = await browser.newPage(DESKTOP); // no permission: the browser refuses
    await openLanding(page);
    await page.getByRole("button", { name: "Find Courts Near Me", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/courts" && url.search === "");
    const toast = page.getByRole("region", { name: /notifications/i });
    await toast.getByText("Location access denied", { exact: true }).waitFor();
  });

  it("offers Sign In and Get Started to a visitor who is signed out", async () => {
    const { page } = await browser.newPage(DESKTOP);
    await page.goto("/");
    await page.getByText(TAGLINE, { exact: true }).first().waitFor();
    await control(page, "Sign In").waitFor();
    await control(page, "Get Started").waitFor();
    expect(await page.getByRole("link", { name: "Sign Out", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Sign Out", exact: true }).count()).toBe(0);
  });

  it("'Start Your Journey' goes to the sign-in page", async () => {
    const { page } = await browser.newPage(DESKTOP);
    await openLanding(page);
    await page.getByRole("button", { name: "Start Your Journey", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/api/login");
    await page.getByRole("form", { name: "Sign in" }).waitFor();
  });
});

describe("an unknown path", () => {
  it("answers 404 and shows 'Page Not Found'", async () => {
    const { page } = await browser.newPage({
      allowConsoleErrors: [
        SIGNED_OUT_USER_CHECK,
        {
          reason: "the unknown page itself answers 404",
          text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
          path: "/no/such/page-here",
        },
      ],
    });
    const response = await page.goto("/no/such/page-here");
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Page Not Found · Ball with the Bros");
    await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
    await expectAccessible(page, "the 'Page Not Found' page");
  });
});
