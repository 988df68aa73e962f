import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import {
  type ConsoleAllowance,
  SIGNED_OUT_USER_CHECK,
  screenshot,
  setUpBrowser,
} from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

/** A refused duplicate answers 409, which Chromium logs as a failed resource. */
const DUPLICATE_REFUSED: ConsoleAllowance = {
  reason: "the e-mail is already on the waitlist: POST /api/waitlist answers 409",
  text: /^Failed to load resource: the server responded with a status of 409 \(Conflict\)$/,
  path: "/api/waitlist",
};

const REQUIRED_MESSAGES = {
  Email: "Invalid email address",
  Name: "Name is required",
  City: "City is required",
  Position: "Position is required",
};

const uniqueEmail = () => `Waitlist.${randomBytes(5).toString("hex")}@Example.com`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) =>
  page.getByRole("button", { name: "Join the Waitlist", exact: true }).click();

async function openWaitlist(page: Page) {
  const response = await page.goto("/waitlist");
  expect(response?.status()).toBe(200);
  await page.getByRole("heading", { level: 1, name: "Join the Waitlist" }).waitFor();
  await page.waitForLoadState("networkidle");
}

async function fillSignup(page: Page, email: string) {
  await field(page, "Email").fill(email);
  await field(page, "Name").fill("Jordan Miles");
  await field(page, "City").fill("Los Angeles");
  await field(page, "Position").fill("PG");
}

describe("the waitlist", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: names what is missing, then confirms a signup`, async () => {
      const { page } = await browser.newPage(options);
      await openWaitlist(page);
      await page.getByText("PG, SG, SF, PF or C", { exact: true }).waitFor();
      await expectAccessible(page, `the waitlist form (${name})`);

      await submit(page);
      for (const [label, message] of Object.entries(REQUIRED_MESSAGES)) {
        await page.getByText(message, { exact: true }).waitFor();
        expect(await field(page, label).getAttribute("aria-invalid")).toBe("true");
      }
      await expectAccessible(page, `the waitlist form with its messages (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `waitlist-errors-${name}`)}`);

      await fillSignup(page, uniqueEmail());
      await submit(page);
      await page.getByRole("heading", { level: 1, name: "You're on the list!" }).waitFor();
      const toast = page.getByRole("region", { name: /notifications/i });
      await toast.getByText("Welcome to the waitlist!", { exact: true }).waitFor();
      await toast
        .getByText("We'll notify you when Ball with the Bros launches.", { exact: true })
        .waitFor();
      await page.getByRole("list", { name: "Your early-access perks" }).waitFor();
      await expectAccessible(page, `the waitlist confirmation (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `waitlist-confirmed-${name}`)}`);

      await page.getByRole("link", { name: "Back to Home", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
    });
  }

  it("refuses an e-mail already on the list, in any letter case, and says so", async () => {
    const email = uniqueEmail();
    const first = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await openWaitlist(first.page);
    await fillSignup(first.page, email);
    await submit(first.page);
    await first.page.getByRole("heading", { level: 1, name: "You're on the list!" }).waitFor();

    const { page } = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      allowConsoleErrors: [SIGNED_OUT_USER_CHECK, DUPLICATE_REFUSED],
    });
    await openWaitlist(page);
    await fillSignup(page, email.toLowerCase());
    await submit(page);

    const message = "This email is already on the waitlist.";
    const toast = page.getByRole("region", { name: /notifications/i });
    await toast.getByText(message, { exact: true }).waitFor();
    await page.locator("form").getByText(message, { exact: true }).waitFor();
    expect(await field(page, "Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("heading", { name: "You're on the list!" }).count()).toBe(0);
    await expectAccessible(page, "the waitlist form refusing a duplicate");
    console.log(`[e2e] screenshot: ${await screenshot(page, "waitlist-duplicate-desktop")}`);
  });

  it("sent before the app is ready (its script held back), the form posts to the server: saved, no field in any address", async () => {
    const scriptHeldBack: ConsoleAllowance = {
      reason: "this journey blocks the app's own scripts",
      text: /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/,
      path: /^\/assets\/.+\.js$/,
    };
    const { page, context } = await browser.newPage({
      viewport: { width: 390, height: 844 },
      allowConsoleErrors: [SIGNED_OUT_USER_CHECK, scriptHeldBack],
    });
    const addresses: string[] = [];
    page.on("request", (request) => addresses.push(request.url()));
    // The app never hydrates: its scripts do not arrive.
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort("blockedbyclient"));
    await page.goto("/waitlist");
    await page.getByRole("heading", { level: 1, name: "Join the Waitlist" }).waitFor();
    const email = uniqueEmail();
    await fillSignup(page, email);
    await submit(page);
    await page.getByRole("heading", { level: 1, name: "You're on the list!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/waitlist");
    for (const address of addresses) {
      const search = new URL(address).search;
      expect(search, address).not.toMatch(/email=|name=|city=|position=/);
      expect(decodeURIComponent(address)).not.toContain(email);
    }
    // Saved: the same e-mail again is refused as already listed.
    const again = await page.request.post("/api/waitlist", {
      data: { email, name: "Jordan Miles", city: "Los Angeles", position: "PG" },
    });
    expect(again.status()).toBe(409);

    // Sent empty, nothing is saved and the page says what to do.
    await page.goto("/waitlist");
    await submit(page);
    await page.waitForURL((url) => url.search === "?problem=invalid");
    await page
      .getByRole("alert")
      .getByText(/Please fill in every field/)
      .waitFor();
    console.log(`[e2e] screenshot: ${await screenshot(page, "waitlist-before-hydration-phone")}`);
  });
});
