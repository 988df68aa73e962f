import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer, currentUserId } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

/** A game at the first court starting `minutes` from now; answers its id and its court's. */
async function gameSoon(page: Page, title: string, minutes: number) {
  const courts = (await (await page.request.get("/api/courts")).json()) as { id: number }[];
  const courtId = courts[0]?.id;
  const response = await page.request.post("/api/games", {
    data: {
      courtId,
      title,
      scheduledAt: new Date(Date.now() + minutes * 60_000).toISOString(),
      maxPlayers: 4,
    },
  });
  expect(response.status()).toBe(201);
  return { gameId: ((await response.json()) as { id: number }).id, courtId };
}

describe("showing up counts (issue 32 point 6)", () => {
  const desktop = VIEWPORTS.find((v) => v.name === "desktop");
  it("a check-in at the court a few minutes before the start marks the player present", async () => {
    const organizer = await browser.newPage(desktop?.options);
    await signUpByApi(organizer.page);
    await becomeLocatedPlayer(organizer.page, "Showup Organizer");
    const { gameId, courtId } = await gameSoon(organizer.page, "Showing Up Run", 20);

    const player = await browser.newPage(desktop?.options);
    await signUpByApi(player.page);
    await becomeLocatedPlayer(player.page, "Showup Player");
    const playerId = await currentUserId(player.page);
    expect((await player.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);

    // The game page: each seat with its record, and the chance the game fills.
    await player.page.goto(`/game/${gameId}`);
    const seats = player.page.getByRole("list", { name: "Seated players" });
    await seats.getByText("Showup Player").waitFor();
    expect(await seats.getByText("New: fewer than 3 games").count()).toBe(2);
    await player.page.getByText(/Unlikely full · \d+%/).waitFor();

    // Checking in at the court, in the window, marks the player present.
    await player.page.goto(`/courts/${courtId}`);
    await player.page.getByRole("button", { name: "Check In", exact: true }).click();
    await player.page
      .getByRole("dialog", { name: "Check into Court" })
      .getByRole("button", { name: "Check In" })
      .click();
    await player.page.getByText("You're checked in here.").waitFor();

    // The organizer's page updates live: the player is present.
    await organizer.page.goto(`/game/${gameId}`);
    const organizerSeats = organizer.page.getByRole("list", { name: "Seated players" });
    await organizerSeats
      .getByRole("listitem")
      .filter({ hasText: "Showup Player" })
      .getByText("Present")
      .waitFor();
    const showing = (await (
      await organizer.page.request.get(`/api/games/${gameId}/showing-up`)
    ).json()) as { seated: { userId: string; present: boolean }[] };
    expect(showing.seated.find((s) => s.userId === playerId)?.present).toBe(true);
    await organizer.page.waitForLoadState("networkidle");
    await expectAccessible(organizer.page, "game page with showing up");
    console.log(`[e2e] screenshot: ${await screenshot(organizer.page, "showing-up-present")}`);

    // The player's own record and how it is counted, in Settings.
    await player.page.goto("/settings");
    await player.page.getByRole("heading", { name: "Showing up" }).waitFor();
    await player.page.getByText("Your record shows once you have 3 games (1 so far).").waitFor();

    await player.context.close();
    await organizer.context.close();
  });
});
