import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatGameTime } from "../../common/game-time.ts";
import { zonedValueToIso } from "../../common/zoned-time.ts";
import { signUpByApi } from "./support/auth.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * A player whose browser is in Tokyo plans a game at a Los Angeles court: the game's page, the
 * invite dialog on /players and the Games tab of /profile all say the court's local time with
 * its zone, the same text everywhere, never the browser's clock.
 */

const browser = setUpBrowser();
const BROWSER_ZONE = "Asia/Tokyo";

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

/** 6:30 PM on the court's clock, three days from now. */
function courtEvening(timeZone: string): string {
  const day = new Date(Date.now() + 3 * 86_400_000);
  const date = new Intl.DateTimeFormat("en-CA", { timeZone }).format(day); // 2026-11-28
  return new Date(zonedValueToIso(`${date}T18:30`, timeZone)).toISOString();
}

describe("a game's time, from a browser in another zone", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: the game page, the invite dialog and the profile's Games tab agree`, async () => {
      const tag = `${name}${Date.now().toString(36).slice(-4)}`;
      const organizer = await browser.newPage({ ...options, timezoneId: BROWSER_ZONE });
      await signUpByApi(organizer.page);
      await becomeLocatedPlayer(organizer.page, `Tokyo ${tag}`);
      const invitee = await browser.newPage(options);
      await signUpByApi(invitee.page);
      await becomeLocatedPlayer(invitee.page, `Friend ${tag}`);

      const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
        id: number;
        timeZone: string;
      }[];
      const court = courts.find((c) => c.timeZone === "America/Los_Angeles");
      if (!court) throw new Error("no demo court in Los Angeles");
      const scheduledAt = courtEvening(court.timeZone);
      const title = `Evening Run ${tag}`;
      const created = await organizer.page.request.post("/api/games", {
        data: { courtId: court.id, title, scheduledAt, maxPlayers: 10 },
      });
      expect(created.status()).toBe(201);
      const gameId = ((await created.json()) as { id: number }).id;

      const short = formatGameTime(scheduledAt, court.timeZone);
      const full = formatGameTime(scheduledAt, court.timeZone, "full");
      expect(short).toMatch(/, 6:30 PM PT$/);
      // The browser's own clock says otherwise: 10:30 or 11:30 in the morning, the next day.
      const ownClock = await organizer.page.evaluate(
        (iso) => [
          Intl.DateTimeFormat().resolvedOptions().timeZone,
          new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }),
        ],
        scheduledAt,
      );
      expect(ownClock[0]).toBe(BROWSER_ZONE);
      expect(ownClock[1]).toMatch(/^1[01]:30\sAM$/);

      await organizer.page.goto(`/game/${gameId}`);
      await organizer.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await organizer.page.getByText(full, { exact: true }).waitFor();
      await shot(organizer.page, `game-time-game-page-${name}`);

      await organizer.page.goto("/players");
      const card = organizer.page.getByRole("article", { name: `Friend ${tag}` });
      await card.getByRole("button", { name: "Invite" }).click();
      const dialog = organizer.page.getByRole("dialog", { name: `Invite Friend ${tag}` });
      const radio = { name: new RegExp(title) };
      await dialog.getByRole("radio", radio).waitFor();
      const choice = dialog.locator("label", { has: organizer.page.getByRole("radio", radio) });
      expect(await choice.textContent()).toContain(`${short} · `);
      await shot(organizer.page, `game-time-invite-dialog-${name}`);
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await organizer.page.goto("/profile");
      await organizer.page.getByRole("tab", { name: "Games" }).click();
      const games = organizer.page.getByRole("tabpanel");
      await games.getByRole("link", { name: title }).waitFor();
      await games.getByText(short, { exact: true }).waitFor();
      await shot(organizer.page, `game-time-profile-games-${name}`);

      for (const p of [organizer, invitee]) await p.context.close();
    });
  }

  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: a visitor's /courts draws its map with the app, without shifting`, async () => {
      const { page, context } = await browser.newPage({ ...options, timezoneId: BROWSER_ZONE });
      await observeLayoutShifts(context);
      await page.goto("/courts");
      await page.locator(".leaflet-marker-icon").first().waitFor();
      await page.waitForLoadState("networkidle");
      const { cls, worst } = await layoutShift(page);
      console.log(`[e2e] /courts CLS on a ${name}: ${cls.toFixed(4)}`);
      expect(cls, JSON.stringify(worst)).toBeLessThanOrEqual(0.1);
      await shot(page, `game-time-courts-${name}`);
      await context.close();
    });
  }
});
