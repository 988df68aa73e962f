import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Go / no-go (issue 32 point 3) with the server's own job queue: two games decided a minute
 * from now (the shortest lead, 15 minutes, before a start 16 minutes away). The one below its
 * minimum is called off, the one at it says "Game on", on pages left open (live).
 */

const browser = setUpBrowser();
const DECISION_WAIT_MS = 150_000;
const desktop = VIEWPORTS.find((v) => v.name === "desktop")?.options ?? {};

async function player(nickname: string) {
  const p = await browser.newPage(desktop);
  await signUpByApi(p.page);
  await becomeLocatedPlayer(p.page, nickname);
  return p;
}

async function gameDecidedInAMinute(page: Page, courtId: number, title: string, min: number) {
  const created = await page.request.post("/api/games", {
    data: {
      courtId,
      title,
      scheduledAt: new Date(Date.now() + 16 * 60_000).toISOString(),
      maxPlayers: 4,
      minPlayers: min,
      decideBeforeMinutes: 15,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

describe("go / no-go", () => {
  it("a game below its minimum is called off at its decision time, one at it is on", async () => {
    const tag = Date.now().toString(36).slice(-4);
    const organizer = await player(`Org ${tag}`);
    const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
      id: number;
    }[];
    const courtId = courts[0]?.id as number;
    const short = await gameDecidedInAMinute(organizer.page, courtId, `Short Run ${tag}`, 3);
    const enough = await gameDecidedInAMinute(organizer.page, courtId, `Full Run ${tag}`, 2);

    const guest = await player(`Guest ${tag}`);
    expect((await guest.page.request.post(`/api/games/${enough}/join`)).status()).toBe(200);

    // Before the decision: how many more, by when on the court's clock; the organizer's switch.
    await organizer.page.goto(`/game/${short}`);
    const panel = organizer.page.getByRole("region", { name: "Go / no-go" });
    await panel.getByText(/^Needs 2 more by \d{1,2}:\d{2} [AP]M PT$/).waitFor();
    await panel.getByRole("switch", { name: "Play anyway" }).waitFor();
    await organizer.page.waitForLoadState("networkidle");
    await expectAccessible(organizer.page, "game page with its go/no-go");
    console.log(`[e2e] screenshot: ${await screenshot(organizer.page, "go-no-go-needs-more")}`);

    // Will it happen? On the court's list, each card: two newcomers at 80% for a minimum of two.
    await guest.page.goto(`/games?court=${courtId}`);
    const card = (title: string) => guest.page.getByRole("article", { name: title });
    await card(`Full Run ${tag}`).getByText("Maybe on · 64% · Unlikely full · 0%").waitFor();
    await card(`Short Run ${tag}`).getByText("Unlikely on · 0% · Unlikely full · 0%").waitFor();

    await guest.page.goto(`/game/${enough}`);
    await guest.page.getByText(/^Minimum reached · decided at /).waitFor();

    // The decision, made by the job queue; both pages update without a reload.
    await organizer.page
      .getByText(/^Called off: 1 of 3 players by \d{1,2}:\d{2} [AP]M PT$/)
      .waitFor({ timeout: DECISION_WAIT_MS });
    await guest.page.getByText("Game on", { exact: true }).waitFor({ timeout: DECISION_WAIT_MS });
    console.log(`[e2e] screenshot: ${await screenshot(guest.page, "go-no-go-game-on")}`);

    await guest.page.goto("/notifications");
    await guest.page.getByRole("link", { name: new RegExp(`Game on: Full Run ${tag}`) }).waitFor();

    for (const p of [guest, organizer]) await p.context.close();
  }, 240_000);
});
