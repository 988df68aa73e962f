import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser, type TestPage } from "./support/browser.ts";
import { horizontalOverflow, layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Balanced teams in one tap (issue 33 point 3): ten seated players of different self-rated
 * levels, the organizer makes two teams close in chance, a late arrival makes them out of date,
 * one tap rebalances with a Next team, and another player's open page follows live.
 */

const browser = setUpBrowser();
const desktop = VIEWPORTS.find((v) => v.name === "desktop")?.options ?? {};
const POSITIONS = ["Point Guard", "Shooting Guard", "Small Forward", "Power Forward", "Center"];

/** A signed-up player in LA whose five self-rated skills are all `skill` (their start level). */
async function player(nickname: string, skill: number, position: string): Promise<TestPage> {
  const p = await browser.newPage(desktop);
  await signUpByApi(p.page);
  const located = await p.page.request.post("/api/user/location", {
    data: { city: "Los Angeles", state: "CA", country: "US", latitude: 33.985, longitude: -118.47 },
  });
  expect(located.status()).toBeLessThan(300);
  const profile = await p.page.request.post("/api/profile", {
    data: {
      nickname,
      primaryPosition: position,
      skillHandles: skill,
      skillShot: skill,
      skillIq: skill,
      skillVert: skill,
      skillDefense: skill,
    },
  });
  expect(profile.status()).toBeLessThan(300);
  return p;
}

/** "Team A 52% · Team B 48%" → [52, 48]. */
async function chances(page: Page): Promise<[number, number]> {
  const text = await page
    .getByRole("region", { name: "Teams" })
    .getByText(/^Team A \d+% · Team B \d+%$/)
    .textContent();
  const [, a, b] = /^Team A (\d+)% · Team B (\d+)%$/.exec(text ?? "") ?? [];
  return [Number(a), Number(b)];
}

describe("balanced teams", () => {
  it("ten players split close in chance; a late arrival is rebalanced onto Next, live", async () => {
    const tag = Date.now().toString(36).slice(-4);
    const skills = [1, 2, 2, 3, 3, 3, 4, 4, 5, 5];
    const organizer = await player(`Org ${tag}`, skills[0] as number, "Point Guard");
    await observeLayoutShifts(organizer.context);
    const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
      id: number;
    }[];
    const created = await organizer.page.request.post("/api/games", {
      data: {
        courtId: courts[0]?.id,
        title: `Teams Run ${tag}`,
        scheduledAt: new Date(Date.now() + 26 * 3_600_000).toISOString(),
        maxPlayers: 12,
      },
    });
    expect(created.status()).toBe(201);
    const gameId = ((await created.json()) as { id: number }).id;

    const seated: TestPage[] = [];
    for (let i = 1; i < 10; i++) {
      const p = await player(`P${i} ${tag}`, skills[i] as number, POSITIONS[i % 5] as string);
      expect((await p.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);
      seated.push(p);
    }
    const watcher = seated[0] as TestPage;
    await watcher.page.goto(`/game/${gameId}`);
    const watched = watcher.page.getByRole("region", { name: "Teams" });
    await watched.getByText("No teams yet: the organizer makes them.").waitFor();

    const page = organizer.page;
    await page.goto(`/game/${gameId}`);
    const teams = page.getByRole("region", { name: "Teams" });
    await teams.getByRole("button", { name: "Make teams" }).click();
    await teams.getByText(/^Team A \d+% · Team B \d+%$/).waitFor();
    const [a, b] = await chances(page);
    console.log(`[e2e] ten players: Team A ${a}% · Team B ${b}%`);
    expect(a + b).toBe(100);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(5);
    for (const name of ["Team A", "Team B"]) {
      await expect
        .poll(() => teams.getByRole("region", { name }).getByRole("listitem").count())
        .toBe(5);
    }

    // The other player's open page follows without a reload.
    await watched.getByRole("region", { name: "Team A" }).waitFor();
    expect(await chances(watcher.page)).toEqual([a, b]);

    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "game page with teams");
    console.log(`[e2e] screenshot: ${await screenshot(page, "teams-desktop")}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await teams.getByRole("button", { name: "Rebalance" }).waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    console.log(`[e2e] screenshot: ${await screenshot(page, "teams-phone")}`);

    // A fresh load of the page with teams: they arrive without pushing the page about.
    await page.reload();
    await teams.getByText(/^Team A \d+% · Team B \d+%$/).waitFor();
    await page.waitForLoadState("networkidle");
    const { cls, worst } = await layoutShift(page);
    console.log(`[e2e] game page with teams, phone: CLS ${cls.toFixed(3)}`);
    expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);

    // An eleventh player joins: the teams are out of date until one tap rebalances them.
    const late = await player(`Late ${tag}`, 3, "Center");
    expect((await late.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);
    await teams
      .getByRole("status")
      .filter({ hasText: "Teams are out of date: 1 new player" })
      .waitFor();
    await teams.getByRole("button", { name: "Rebalance" }).click();
    const next = teams.getByRole("region", { name: "Next" });
    await next.waitFor();
    expect(await next.getByRole("listitem").count()).toBe(1);
    await expect.poll(() => teams.getByText(/Teams are out of date/).count()).toBe(0);
    const [a2, b2] = await chances(page);
    expect(Math.abs(a2 - b2)).toBeLessThanOrEqual(10);
    await watched.getByRole("region", { name: "Next" }).waitFor();
    await expectAccessible(page, "game page with a Next team");
    console.log(`[e2e] screenshot: ${await screenshot(page, "teams-rebalanced-phone")}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    console.log(`[e2e] screenshot: ${await screenshot(page, "teams-rebalanced-desktop")}`);

    for (const p of [late, ...seated, organizer]) await p.context.close();
  }, 300_000);
});
