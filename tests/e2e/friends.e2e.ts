import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();
const [PHONE, DESKTOP] = VIEWPORTS.map((v) => v.options);

describe("friends", () => {
  it("a player adds another from their card; the other sees it live, accepts; both see friends", async () => {
    const tag = Date.now().toString(36).slice(-5);
    const anaName = `Ana ${tag}`;
    const benName = `Ben ${tag}`;
    const ana = await browser.newPage(PHONE);
    const ben = await browser.newPage(DESKTOP);
    await observeLayoutShifts(ana.context);
    for (const [who, name] of [
      [ana, anaName],
      [ben, benName],
    ] as const) {
      await signUpByApi(who.page);
      await becomeLocatedPlayer(who.page, name);
    }

    await ben.page.goto("/players");
    await ben.page.getByRole("heading", { level: 2, name: "Friends" }).waitFor();
    await ben.page.getByText(/No friends yet/).waitFor();

    await ana.page.goto("/players");
    const benCard = ana.page.getByRole("article", { name: benName });
    await benCard.getByRole("button", { name: `Add ${benName} as a friend` }).click();
    await benCard.getByText("Friend request sent").waitFor();
    await ana.page.getByRole("region", { name: "Requests you sent" }).getByText(benName).waitFor();
    await ana.page.waitForLoadState("networkidle");
    const { cls, worst } = await layoutShift(ana.page);
    expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);
    await expectAccessible(ana.page, "the players page with a sent friend request (phone)");
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "friends-request-sent-phone")}`);

    // Ben's open page learns of it without a reload: the notice refreshes his friends.
    const requests = ben.page.getByRole("region", { name: "Friend requests (1)" });
    await requests.getByText(anaName).waitFor();
    await expectAccessible(ben.page, "the players page with a friend request (desktop)");
    console.log(`[e2e] screenshot: ${await screenshot(ben.page, "friends-request-desktop")}`);
    await requests.getByRole("button", { name: `Accept ${anaName}` }).click();
    await ben.page.getByRole("list", { name: "Your friends" }).getByText(anaName).waitFor();

    // And Ana's, when Ben accepts.
    await ana.page.getByRole("list", { name: "Your friends" }).getByText(benName).waitFor();
    await benCard.getByText("Friends", { exact: true }).waitFor();
    expect(await ana.page.getByRole("region", { name: "Requests you sent" }).count()).toBe(0);
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "friends-accepted-phone")}`);

    // Ben takes a game: it appears among Ana's friends' games, live, with Ben named.
    const friendsGames = ana.page.getByRole("list", { name: "Your friends' upcoming games" });
    await ana.page.getByText(/No upcoming games with your friends yet/).waitFor();
    const courts = (await (await ben.page.request.get("/api/courts")).json()) as { id: number }[];
    const title = `Friends Run ${tag}`;
    const created = await ben.page.request.post("/api/games", {
      data: {
        courtId: courts[0]?.id,
        title,
        scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        maxPlayers: 10,
      },
    });
    expect(created.status()).toBe(201);
    const game = friendsGames.getByRole("listitem").filter({ hasText: title });
    await game.getByText(`${benName} is in`).waitFor();
    await ana.page.reload();
    await game.getByRole("link", { name: `View ${title}` }).waitFor();
    await ana.page.waitForLoadState("networkidle");
    const reloaded = await layoutShift(ana.page);
    expect(reloaded.cls, JSON.stringify(reloaded.worst, null, 1)).toBeLessThanOrEqual(0.1);
    await expectAccessible(ana.page, "the players page with a friend's game (phone)");
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "friends-games-phone")}`);
    await game.getByRole("link", { name: `View ${title}` }).click();
    await ana.page.getByRole("heading", { level: 1, name: title }).waitFor();
  });
});
