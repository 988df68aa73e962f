import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Seats offered near the start (issue 32 point 4): in a full game two hours away, a freed seat
 * is offered to the first in line, whose open page shows it live; "No thanks" passes it to the
 * next, who takes it with one tap.
 */

const browser = setUpBrowser();
const desktop = VIEWPORTS.find((v) => v.name === "desktop")?.options ?? {};

async function player(nickname: string) {
  const p = await browser.newPage(desktop);
  await signUpByApi(p.page);
  await becomeLocatedPlayer(p.page, nickname);
  return p;
}

describe("seats offered near the start", () => {
  it("a freed seat is offered, declined, passed on and taken", async () => {
    const tag = Date.now().toString(36).slice(-4);
    const organizer = await player(`Org ${tag}`);
    const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
      id: number;
    }[];
    const created = await organizer.page.request.post("/api/games", {
      data: {
        courtId: courts[0]?.id,
        title: `Late Run ${tag}`,
        scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        maxPlayers: 2,
      },
    });
    expect(created.status()).toBe(201);
    const gameId = ((await created.json()) as { id: number }).id;

    const seated = await player(`Seat ${tag}`);
    expect((await seated.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);
    const first = await player(`First ${tag}`);
    const second = await player(`Second ${tag}`);
    for (const p of [first, second]) {
      expect((await p.page.request.post(`/api/games/${gameId}/line`)).status()).toBe(200);
      await p.page.goto(`/game/${gameId}`);
    }
    await second.page.getByText("2nd in line").waitFor();

    // The seated player drops two hours out: the seat is offered, not given.
    expect((await seated.page.request.post(`/api/games/${gameId}/leave`)).status()).toBe(200);
    const offer = first.page.getByRole("region", { name: "Seat offered" });
    await offer.getByText(/^A seat is yours until \d{1,2}:\d{2} [AP]M PT$/).waitFor();
    await first.page.waitForLoadState("networkidle");
    await expectAccessible(first.page, "game page with a seat offered");
    console.log(`[e2e] screenshot: ${await screenshot(first.page, "seat-offered")}`);

    await offer.getByRole("button", { name: "No thanks" }).click();
    await offer.waitFor({ state: "detached" });

    const passed = second.page.getByRole("region", { name: "Seat offered" });
    await passed.getByRole("button", { name: "Take it" }).click();
    await second.page.getByRole("button", { name: "Leave Game" }).waitFor();
    await second.page.getByText("2 / 2 Players").waitFor();

    for (const p of [second, first, seated, organizer]) await p.context.close();
  }, 180_000);
});
