import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const FIELDS = {
  "Full Name": "Jordan Miles",
  "Email Address": "jordan@example.com",
  Subject: "A court you're missing",
  Message: "Penmar Park in Venice has two full courts with lights.",
};

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const valueMissing = (page: Page, label: string) =>
  field(page, label).evaluate((el) => (el as HTMLInputElement).validity.valueMissing);

describe("the contact page", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: checks the fields, sends to the team, confirms and clears`, async () => {
      const { page } = await browser.newPage(options);
      const sent: string[] = [];
      page.on("request", (request) => {
        if (request.method() !== "GET") sent.push(`${request.method()} ${request.url()}`);
      });
      const response = await page.goto("/contact");
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Contact Us" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Office Hours" }).waitFor();
      expect(
        await page
          .getByRole("region", { name: "Frequently Asked Questions" })
          .getByRole("heading", { level: 3 })
          .count(),
      ).toBe(3);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `the contact page (${name})`);

      const send = page.getByRole("button", { name: "Send Message", exact: true });
      await send.click();
      for (const label of Object.keys(FIELDS)) expect(await valueMissing(page, label)).toBe(true);
      expect(await page.getByText("Message Sent!").count()).toBe(0);

      for (const [label, value] of Object.entries(FIELDS)) await field(page, label).fill(value);
      await send.click();
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByText("Message Sent!", { exact: true }).waitFor();
      await form.getByText("We'll get back to you within 24 hours.", { exact: true }).waitFor();
      const toast = page.getByRole("region", { name: /notifications/i });
      await toast.getByText("Message Sent!", { exact: true }).waitFor();
      for (const label of Object.keys(FIELDS))
        expect(await field(page, label).inputValue()).toBe("");
      // Decision 117: it sends (the spec's form sent nothing), once, to our own server.
      expect(sent.map((line) => line.replace(/^POST https?:\/\/[^/]+/, "POST "))).toEqual([
        "POST /api/contact",
      ]);

      await expectAccessible(page, `the contact page after sending (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `contact-sent-${name}`)}`);
    });
  }
});
