import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();
const [PHONE, DESKTOP] = VIEWPORTS.map((v) => v.options);

describe("blocking", () => {
  it("a player blocks another from their card: they vanish from each other's players and chat, until unblocked in Settings", async () => {
    const tag = Date.now().toString(36).slice(-5);
    const anaName = `Ana ${tag}`;
    const benName = `Ben ${tag}`;
    const ana = await browser.newPage(PHONE);
    const ben = await browser.newPage(DESKTOP);
    for (const [who, name] of [
      [ana, anaName],
      [ben, benName],
    ] as const) {
      await signUpByApi(who.page);
      await becomeLocatedPlayer(who.page, name);
    }

    // Ben runs a game; Ana takes a seat; both are in its chat.
    const courts = (await (await ben.page.request.get("/api/courts")).json()) as { id: number }[];
    const created = await ben.page.request.post("/api/games", {
      data: {
        courtId: courts[0]?.id,
        title: `Block Run ${tag}`,
        scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        maxPlayers: 10,
      },
    });
    expect(created.status()).toBe(201);
    const gameId = ((await created.json()) as { id: number }).id;
    expect((await ana.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);
    const say = async (who: typeof ana, body: string) =>
      expect(
        (await who.page.request.post(`/api/games/${gameId}/messages`, { data: { body } })).status(),
      ).toBe(201);
    await say(ben, "Bring a ball");
    await ana.page.goto(`/game/${gameId}`);
    const chat = ana.page.getByRole("list", { name: "Game chat messages" });
    await chat.getByText("Bring a ball").waitFor();

    // Ana blocks Ben from his card on the players page.
    await observeLayoutShifts(ana.context);
    await ana.page.goto("/players");
    const benCard = ana.page.getByRole("article", { name: benName });
    await benCard.getByRole("button", { name: `Block ${benName}` }).click();
    const dialog = ana.page.getByRole("dialog", { name: `Block ${benName}?` });
    await expectAccessible(ana.page, "the block dialog (phone)");
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "block-dialog-phone")}`);
    await dialog.getByRole("button", { name: `Block ${benName}` }).click();
    await benCard.waitFor({ state: "detached" });

    // Neither sees the other among nearby players any more.
    await ben.page.goto("/players");
    await ben.page.getByRole("heading", { level: 2, name: "Friends" }).waitFor();
    await ben.page.waitForLoadState("networkidle");
    expect(await ben.page.getByRole("article", { name: anaName }).count()).toBe(0);

    // Nor hears the other in the game's chat: Ben's messages, old and new, are gone for Ana.
    await say(ben, "Anyone there?");
    await say(ana, "See you at six");
    await ana.page.goto(`/game/${gameId}`);
    await chat.getByText("See you at six").waitFor();
    expect(await chat.getByText("Bring a ball").count()).toBe(0);
    expect(await chat.getByText("Anyone there?").count()).toBe(0);
    await ben.page.goto(`/game/${gameId}`);
    const bensChat = ben.page.getByRole("list", { name: "Game chat messages" });
    await bensChat.getByText("Anyone there?").waitFor();
    expect(await bensChat.getByText("See you at six").count()).toBe(0);

    // Settings lists him; Unblock brings him back.
    await ana.page.goto("/settings");
    const blocked = ana.page.getByRole("list", { name: "Players you blocked" });
    await blocked.getByText(benName).waitFor();
    await ana.page.waitForLoadState("networkidle");
    const { cls, worst } = await layoutShift(ana.page);
    expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);
    await expectAccessible(ana.page, "settings with a blocked player (phone)");
    await blocked.scrollIntoViewIfNeeded();
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "blocked-players-phone")}`);
    await blocked.getByRole("button", { name: `Unblock ${benName}` }).click();
    await ana.page.getByText(/You haven't blocked anyone/).waitFor();
    await ana.page.goto("/players");
    await ana.page.getByRole("article", { name: benName }).waitFor();
  });
});
