import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

async function createGameByApi(page: Page, title: string): Promise<number> {
  const courts = (await (await page.request.get("/api/courts")).json()) as { id: number }[];
  const response = await page.request.post("/api/games", {
    data: {
      courtId: courts[0]?.id,
      title,
      scheduledAt: new Date(Date.now() + 26 * 3_600_000).toISOString(),
      maxPlayers: 8,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The bell of the frame the page is in (the shell shows one per width). */
const bell = (page: Page, name: string | RegExp) =>
  page.getByRole("link", { name }).locator("visible=true").first();

describe("live pages and the bell", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: a game page updates when another player joins, the bell counts, the inbox opens the game`, async () => {
      const organizer = await browser.newPage(options);
      await signUpByApi(organizer.page);
      await becomeLocatedPlayer(organizer.page, `Organizer ${name}`);
      const title = `Live Run ${name}`;
      const gameId = await createGameByApi(organizer.page, title);

      await organizer.page.goto(`/game/${gameId}`);
      await organizer.page.getByText("1 / 8 Players").waitFor();
      await bell(organizer.page, "Notifications").waitFor();

      // Another player, elsewhere, joins through the API: no reload on the organizer's side.
      const other = await browser.newPage(options);
      await signUpByApi(other.page);
      await becomeLocatedPlayer(other.page, `Joiner ${name}`);
      const joined = await other.page.request.post(`/api/games/${gameId}/join`);
      expect(joined.status()).toBe(200);

      await organizer.page.getByText("2 / 8 Players").waitFor();
      // Visible: the Teams card's "Keep me with…" list holds the name too, as a hidden option.
      await organizer.page.getByText(`Joiner ${name}`).filter({ visible: true }).first().waitFor();
      await bell(organizer.page, "Notifications, 1 unread").waitFor();
      await shot(organizer.page, `notifications-game-live-${name}`);

      await bell(organizer.page, "Notifications, 1 unread").click();
      await organizer.page.waitForURL((url) => url.pathname === "/notifications");
      const entry = organizer.page.getByRole("link", {
        name: new RegExp(`Joiner ${name} joined ${title}`),
      });
      await entry.waitFor();
      await organizer.page.waitForLoadState("networkidle");
      await expectAccessible(organizer.page, `notifications (${name})`);
      await shot(organizer.page, `notifications-inbox-${name}`);

      await entry.click();
      await organizer.page.waitForURL((url) => url.pathname === `/game/${gameId}`);
      await organizer.page.getByRole("heading", { name: title }).waitFor();
      await bell(organizer.page, "Notifications").waitFor();

      await other.context.close();
      await organizer.context.close();
    });
  }
});
