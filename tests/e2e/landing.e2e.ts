import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import { control, screenshot, setUpBrowser } from "./support/browser.ts";

const TAGLINE = "Find Your Court, Find Your Crew";

const browser = setUpBrowser();

describe("the landing page", () => {
  const viewports = [
    {
      name: "phone",
      options: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
  ];

  for (const { name, options } of viewports) {
    it(`loads signed out on a ${name}: tagline, accessible, screenshot`, async () => {
      const { page, blocked } = await browser.newPage(options);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await page.getByText(TAGLINE, { exact: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `the landing page (${name})`);
      const file = await screenshot(page, `landing-${name}`);
      console.log(`[e2e] screenshot: ${file}`);
      if (blocked.length > 0)
        console.log(`[e2e] blocked off-machine requests: ${blocked.join(", ")}`);
    });
  }

  it("offers Sign In and Get Started to a visitor who is signed out", async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto("/");
    await page.getByText(TAGLINE, { exact: true }).first().waitFor();
    await control(page, "Sign In").waitFor();
    await control(page, "Get Started").waitFor();
    expect(await page.getByRole("link", { name: "Sign Out", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Sign Out", exact: true }).count()).toBe(0);
  });
});

describe("an unknown path", () => {
  it("shows 'Page Not Found'", async () => {
    const { page } = await browser.newPage();
    await page.goto("/no/such/page-here");
    await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
    await expectAccessible(page, "the 'Page Not Found' page");
  });
});
