import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { SIGNED_OUT_USER_CHECK, screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();
const VENICE = "Venice Beach Basketball Courts";

/** A card of the directory's grid, by the court's name. */
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** Each width reports something else: a second identical report would only confirm the first. */
const REPORTED = { phone: "Court full", desktop: "Surface wet" } as const;

describe("a court's page (demo data: six weeks of check-ins at Venice Beach)", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`from the directory: check in, report, rate, see popular times and the Court Kings (${name})`, async () => {
      const { page } = await browser.newPage(options);
      await signUpByApi(page);
      await becomeLocatedPlayer(page, `Court ${name}`);

      await page.goto("/courts");
      await card(page, VENICE).getByRole("link", { name: "View Details" }).click();
      await page.waitForURL(/\/courts\/\d+$/);
      await page.getByRole("heading", { level: 1, name: VENICE }).waitFor();
      // The map credits OpenStreetMap, as its licence asks.
      await page.locator(".leaflet-control-attribution", { hasText: "OpenStreetMap" }).waitFor();
      // The court's own marker, named for it.
      await page.locator(`.leaflet-marker-icon[title="${VENICE}"]`).waitFor();

      // Popular times in the court's own clock, from the regulars' check-ins.
      await page.getByText("Best hour for a full 5-on-5:").waitFor();
      await page.getByRole("tab", { name: "Saturday" }).click();
      const saturday = page.getByRole("list", {
        name: "Players usually here on Saturday, by hour",
      });
      expect(await saturday.getByRole("listitem").nth(10).textContent()).toBe(
        "10 AM: about 10 players",
      );

      // The Court Kings board, its king crowned.
      await page.getByText(/rules this court$/).waitFor();
      expect(
        await page.getByRole("list", { name: "Court Kings board" }).getByRole("listitem").count(),
      ).toBe(10);

      // Check in.
      await page.getByRole("button", { name: "Check In", exact: true }).click();
      const checkIn = page.getByRole("dialog", { name: "Check into Court" });
      await checkIn.getByRole("button", { name: "Check In" }).click();
      await page.getByText("You're checked in here.").waitFor();

      // Report what is there: being checked in is what lets the player report.
      await page.getByRole("button", { name: "Report", exact: true }).click();
      const report = page.getByRole("dialog", { name: "Report a condition" });
      await report.getByRole("radio", { name: REPORTED[name as keyof typeof REPORTED] }).check();
      await report.getByLabel("Note (optional)").fill("Seen from the e2e journey");
      await report.getByRole("button", { name: "Report" }).click();
      await page.getByText("Thanks for the report").first().waitFor();
      const reports = page.getByRole("list", { name: "Recent reports" });
      await reports.getByText(REPORTED[name as keyof typeof REPORTED]).waitFor();
      await reports
        .getByText(/Reported just now/)
        .first()
        .waitFor();

      // Rate the court.
      // The player taps the fourth star (the radio inside it is for keyboards and readers).
      const fourStars = page.getByRole("radio", { name: "4 of 5 stars" });
      await page.locator("label", { has: fourStars }).click();
      await page.getByText("Thanks for rating").first().waitFor();
      await page.getByRole("radiogroup", { name: "Your rating (change it any time)" }).waitFor();
      expect(await fourStars.isChecked()).toBe(true);
      await page.getByText(/players? rated it/).waitFor();

      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `the court page (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `court-page-${name}`)}`);

      // What the player did is on the record for everyone.
      const courtPath = new URL(page.url()).pathname;
      const presence = await (await page.request.get(`/api/${courtPath.slice(1)}/presence`)).json();
      expect(presence.viewerHere).toBe(true);
    });
  }

  it("shows a visitor the counts, and a missing court says so", async () => {
    const { page } = await browser.newPage({
      ...VIEWPORTS[0]?.options,
      allowConsoleErrors: [
        SIGNED_OUT_USER_CHECK,
        {
          reason: "the court page asks for a court that does not exist",
          text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
          path: "/api/courts/999999",
        },
        {
          // Answered through the service worker, a 404 page is logged like any 404 resource.
          reason: "the missing court's page itself answers 404",
          text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
          path: "/courts/999999",
        },
      ],
    });
    await page.goto("/courts");
    await card(page, VENICE).getByRole("link", { name: "View Details" }).click();
    await page.getByRole("heading", { level: 1, name: VENICE }).waitFor();
    await page.getByText("Sign in to rate this court.").waitFor();
    await page.getByText("Sign in to report what you see at the court.").waitFor();
    await page.getByRole("button", { name: "Check In", exact: true }).click();
    await page.getByRole("dialog", { name: "You need to sign up to check in" }).waitFor();

    await page.goto("/courts/999999");
    await page.getByRole("heading", { level: 1, name: "Court not found" }).waitFor();
    await expectAccessible(page, "a missing court");
  });
});
