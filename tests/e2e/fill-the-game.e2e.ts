import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Filling a game, at phone and desktop widths: a full game's waiting list promotes a player
 * whose page updates live; the organizer raises the number of players and invites from a player
 * card, and the invitee's bell rings; the organizer and a player talk in the game chat.
 */

const browser = setUpBrowser();

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

const bell = (page: Page, name: string | RegExp) =>
  page.getByRole("link", { name }).locator("visible=true").first();

async function player(options: (typeof VIEWPORTS)[number]["options"], nickname: string) {
  const p = await browser.newPage(options);
  await signUpByApi(p.page);
  await becomeLocatedPlayer(p.page, nickname);
  return p;
}

describe("filling a game", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: the waiting list promotes live, an invite rings the bell, the game chat`, async () => {
      const tag = `${name}${Date.now().toString(36).slice(-4)}`;
      const organizer = await player(options, `Org ${tag}`);
      const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
        id: number;
      }[];
      const title = `Fill Run ${tag}`;
      const created = await organizer.page.request.post("/api/games", {
        data: {
          courtId: courts[0]?.id,
          title,
          scheduledAt: new Date(Date.now() + 26 * 3_600_000).toISOString(),
          maxPlayers: 2,
        },
      });
      expect(created.status()).toBe(201);
      const gameId = ((await created.json()) as { id: number }).id;

      // A first player takes the last seat: the game is full.
      const seated = await player(options, `Seat ${tag}`);
      expect((await seated.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);

      // A second player joins the waiting list on the page.
      const waiting = await player(options, `Wait ${tag}`);
      await waiting.page.goto(`/game/${gameId}`);
      await waiting.page.getByRole("button", { name: "Join Waiting List" }).click();
      await waiting.page.getByText("1st in line").waitFor();
      await waiting.page.waitForLoadState("networkidle");
      await expectAccessible(waiting.page, `game waiting list (${name})`);
      await shot(waiting.page, `fill-waiting-list-${name}`);

      // The seated player leaves elsewhere: the first in line takes the seat, live.
      expect((await seated.page.request.post(`/api/games/${gameId}/leave`)).status()).toBe(200);
      await waiting.page.getByRole("button", { name: "Leave Game" }).waitFor();
      await waiting.page.getByText("2 / 2 Players").waitFor();
      await bell(waiting.page, "Notifications, 1 unread").waitFor();

      // The game chat: the promoted player writes, the organizer's open page shows it.
      await organizer.page.goto(`/game/${gameId}`);
      await organizer.page.getByRole("heading", { name: "Game chat" }).waitFor();
      await waiting.page
        .getByRole("textbox", { name: "Message" })
        .fill(`Thanks for the spot ${tag}`);
      await waiting.page.getByRole("button", { name: "Send", exact: true }).click();
      await organizer.page.getByText(`Thanks for the spot ${tag}`).waitFor();
      await organizer.page.getByRole("textbox", { name: "Message" }).fill("See you there");
      await organizer.page.getByRole("button", { name: "Send", exact: true }).click();
      await waiting.page.getByText("See you there").waitFor();
      await waiting.page.waitForLoadState("networkidle");
      await shot(waiting.page, `fill-promoted-chat-${name}`);

      // The organizer makes room, then invites a nearby player from a player card.
      const invitee = await player(options, `Vite ${tag}`);
      await organizer.page.getByLabel("Number of players").fill("4");
      await organizer.page.getByRole("button", { name: "Save" }).click();
      await organizer.page.getByText("2 / 4 Players").waitFor();
      await organizer.page.waitForLoadState("networkidle");
      await expectAccessible(organizer.page, `game organizer tools and chat (${name})`);
      await shot(organizer.page, `fill-organizer-${name}`);

      await organizer.page.goto("/players");
      const card = organizer.page.getByRole("article", { name: `Vite ${tag}` });
      await card.getByRole("button", { name: "Invite" }).click();
      const dialog = organizer.page.getByRole("dialog", { name: `Invite Vite ${tag}` });
      await dialog.getByRole("radio", { name: new RegExp(title) }).check();
      await expectAccessible(organizer.page, `invite dialog (${name})`);
      await shot(organizer.page, `fill-invite-dialog-${name}`);
      await dialog.getByRole("button", { name: "Send Invite" }).click();
      await card.getByRole("button", { name: "Invited!" }).waitFor();

      await invitee.page.goto("/notifications");
      const entry = invitee.page.getByRole("link", {
        name: new RegExp(`Org ${tag} invited you to ${title}`),
      });
      await entry.waitFor();
      await entry.click();
      await invitee.page.waitForURL((url) => url.pathname === `/game/${gameId}`);
      await invitee.page.getByRole("button", { name: "Join Game" }).waitFor();

      for (const p of [invitee, waiting, seated, organizer]) await p.context.close();
    });
  }
});
