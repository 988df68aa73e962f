import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { toZonedInputValue } from "../../common/zoned-time.ts";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  type ConsoleAllowance,
  SIGNED_OUT_USER_CHECK,
  screenshot,
  setUpBrowser,
  type TestPage,
} from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer, currentUserId } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

/** A refused join answers 409, which Chromium logs as a failed resource. */
const refusedJoin = (gameId: number): ConsoleAllowance => ({
  reason: "the game was full: POST /api/games/{id}/join answers 409",
  text: /^Failed to load resource: the server responded with a status of 409 \(Conflict\)$/,
  path: `/api/games/${gameId}/join`,
});

/**
 * `datetime-local` text for a moment this many hours from now on the court's clock: the form
 * reads the time typed in the court's zone (Venice Beach is in Los Angeles), wherever the
 * browser is.
 */
function courtInputValue(hoursFromNow: number, timeZone = "America/Los_Angeles"): string {
  return toZonedInputValue(new Date(Date.now() + hoursFromNow * 3_600_000), timeZone);
}

type GameBody = { id: number; currentPlayers: number; maxPlayers: number; status: string };

/** Creates a game through the API as the page's player. */
async function createGameByApi(
  page: Page,
  values: { title: string; maxPlayers?: number; startsInSeconds?: number },
): Promise<GameBody> {
  const courts = (await (await page.request.get("/api/courts")).json()) as {
    id: number;
    name: string;
  }[];
  const venice = courts.find((c) => c.name.includes("Venice")) ?? courts[0];
  const response = await page.request.post("/api/games", {
    data: {
      courtId: venice?.id,
      title: values.title,
      scheduledAt: new Date(Date.now() + (values.startsInSeconds ?? 86_400) * 1000).toISOString(),
      maxPlayers: values.maxPlayers ?? 10,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as GameBody;
}

const toasts = (page: Page) => page.getByRole("region", { name: /notifications/i });

describe("creating a game", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: bad input is refused without a trace, then a game is created and shown`, async () => {
      const { page } = await browser.newPage(options);
      await signUpByApi(page);
      await becomeLocatedPlayer(page, `Creator ${name}`);

      await page.goto("/games/create");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `create game (${name})`);

      // Nothing filled in: each required field says what it needs.
      await page.getByRole("button", { name: "Create Game", exact: true }).click();
      await page.getByText("Choose a court", { exact: true }).waitFor();
      await page.getByText("Title is required", { exact: true }).waitFor();
      await page.getByText("Choose a date and time", { exact: true }).waitFor();

      await page.getByLabel("Search courts").fill("Venice");
      await page
        .getByRole("radio", { name: /Venice Beach/ })
        .first()
        .check();
      const title = `Sunset Run ${name}`;
      await page.getByLabel("Title", { exact: true }).fill(title);
      // A time in the past is refused with the schema's words.
      await page.getByLabel("Date and time").fill(courtInputValue(-2));
      await page.getByRole("button", { name: "Create Game", exact: true }).click();
      await page.getByText("The game must start in the future", { exact: true }).waitFor();
      await expectAccessible(page, `create game with messages (${name})`);
      await shot(page, `create-game-errors-${name}`);
      const organized = await page.request.get("/api/games/my-games");
      expect(await organized.json()).toEqual([]);

      await page.getByLabel("Date and time").fill(courtInputValue(26));
      await page.getByLabel("Number of players").fill("8");
      await page.getByRole("button", { name: "Create Game", exact: true }).click();
      await page.waitForURL((url) => /^\/game\/\d+$/.test(url.pathname));
      await toasts(page).getByText("Game created!", { exact: true }).waitFor();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByText("1 / 8 Players").waitFor();
      await page.getByText("Organizer", { exact: true }).first().waitFor();
      // The organizer neither joins nor leaves their own game (product §4), but may cancel it.
      expect(await page.getByRole("button", { name: "Join Game" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Leave Game" }).count()).toBe(0);
      await page.getByRole("button", { name: "Cancel Game" }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `game detail as organizer (${name})`);
      await shot(page, `game-detail-organizer-${name}`);

      // It is among the upcoming games on /games.
      await page.goto("/games");
      await page.getByRole("link", { name: `View ${title}` }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `find games (${name})`);
      await shot(page, `games-${name}`);
    });
  }
});

describe("joining a game", () => {
  it("a dozen players press Join at once on the last 3 seats: exactly 3 get in", async () => {
    const { page: organizerPage } = await browser.newPage();
    await signUpByApi(organizerPage);
    await becomeLocatedPlayer(organizerPage, "Crowd Host");
    const game = await createGameByApi(organizerPage, { title: "Crowded Run", maxPlayers: 4 });

    const racers: TestPage[] = [];
    for (let i = 0; i < 12; i++) {
      const racer = await browser.newPage({
        allowConsoleErrors: [SIGNED_OUT_USER_CHECK, refusedJoin(game.id)],
      });
      await signUpByApi(racer.page);
      await racer.page.goto(`/game/${game.id}`);
      await racer.page.getByRole("button", { name: "Join Game", exact: true }).waitFor();
      racers.push(racer);
    }

    await Promise.all(
      racers.map(({ page }) =>
        page.getByRole("button", { name: "Join Game", exact: true }).click(),
      ),
    );
    const outcomes = await Promise.all(
      racers.map(async ({ page }) => {
        const joined = toasts(page).getByText("Joined game!", { exact: true });
        const failed = toasts(page).getByText("Failed to join game. Please try again.", {
          exact: true,
        });
        await joined.or(failed).waitFor();
        return (await joined.count()) > 0 ? "joined" : "refused";
      }),
    );
    expect(outcomes.filter((o) => o === "joined")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(9);

    const after = (await (
      await organizerPage.request.get(`/api/games/${game.id}`)
    ).json()) as GameBody;
    expect(after.currentPlayers).toBe(4);
    const seats = await (
      await organizerPage.request.get(`/api/games/${game.id}/participants`)
    ).json();
    expect(seats).toHaveLength(4);

    // A refused player sees the full game and is offered its waiting list; a seated one can
    // leave, which frees a seat for them.
    const refused = racers[outcomes.indexOf("refused")] as TestPage;
    const seated = racers[outcomes.indexOf("joined")] as TestPage;
    await refused.page.getByText("Game Full", { exact: true }).waitFor();
    await refused.page.getByRole("button", { name: "Join Waiting List", exact: true }).waitFor();
    await shot(refused.page, "game-detail-full");

    await seated.page.getByRole("button", { name: "Leave Game", exact: true }).click();
    await toasts(seated.page).getByText("Left game", { exact: true }).waitFor();
    await seated.page.getByRole("button", { name: "Join Game", exact: true }).waitFor();

    await refused.page.reload();
    await refused.page.getByRole("button", { name: "Join Game", exact: true }).click();
    await toasts(refused.page).getByText("Joined game!", { exact: true }).waitFor();
    await refused.page.getByRole("button", { name: "Leave Game", exact: true }).waitFor();
    await refused.page.getByText("4 / 4 Players").waitFor();
    await refused.page.waitForLoadState("networkidle");
    await expectAccessible(refused.page, "game detail as a player");
    // Thirteen sign-ups (each a password hash) and thirteen live game pages: time, not speed.
  }, 180_000);

  it("a visitor sees the game and is sent to sign in to join", async () => {
    const { page: organizerPage } = await browser.newPage();
    await signUpByApi(organizerPage);
    const game = await createGameByApi(organizerPage, { title: "Open Run" });

    const { page } = await browser.newPage();
    await page.goto(`/game/${game.id}`);
    await page.getByRole("heading", { level: 1, name: "Open Run" }).waitFor();
    await page.getByText("1 / 10 Players").waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "game detail as a visitor");
    await page.getByRole("button", { name: "Join Game", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/api/login");
  });
});

describe("a finished game's result", () => {
  it("changes the players' stats and levels, earns a badge and ranks them on the three leaderboards", async () => {
    const { page, context } = await browser.newPage();
    await observeLayoutShifts(context);
    await signUpByApi(page);
    const nickname = `Closer ${Date.now().toString(36).slice(-4)}`;
    await becomeLocatedPlayer(page, nickname);
    const others: TestPage[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await browser.newPage();
      await observeLayoutShifts(other.context);
      await signUpByApi(other.page);
      await becomeLocatedPlayer(other.page, `Teammate ${i}`);
      others.push(other);
    }

    // Three games starting in a few seconds, each joined by the three others.
    const started = Date.now();
    const games: GameBody[] = [];
    for (let i = 0; i < 3; i++) {
      const game = await createGameByApi(page, {
        title: `Quick Run ${i + 1}`,
        startsInSeconds: 12,
      });
      for (const other of others) {
        expect((await other.page.request.post(`/api/games/${game.id}/join`)).status()).toBe(200);
      }
      games.push(game);
    }
    await page.waitForTimeout(Math.max(0, started + 13_000 - Date.now()));

    // The organizer records the first result in the browser: the game is on, so it ends now.
    const [first, ...rest] = games as [GameBody, ...GameBody[]];
    await page.goto(`/game/${first.id}`);
    await page.getByRole("button", { name: "Record Result", exact: true }).click();
    const form = page.getByRole("form", { name: "Record Result" });
    const players = form.getByRole("radiogroup");
    // count() does not wait: let the form's players render first (the page carries more now).
    await players.nth(3).waitFor();
    expect(await players.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      await players
        .nth(i)
        .getByText(i < 2 ? "Team A" : "Team B", { exact: true })
        .click();
    }
    await form.getByLabel("Team A score").fill("21");
    await form.getByLabel("Team B score").fill("15");
    await form.getByRole("button", { name: "Save Result", exact: true }).click();
    await toasts(page).getByText("Result saved", { exact: true }).waitFor();
    await page.getByText("Game completed successfully!", { exact: true }).waitFor();
    await page.getByText("+5 XP win bonus").waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "game detail with its result");
    await shot(page, "game-detail-result");

    // Two more wins through the API: three in a row.
    const seats = (await (
      await page.request.get(`/api/games/${first.id}/participants`)
    ).json()) as {
      userId: string;
      team: string;
    }[];
    const teams = Object.fromEntries(seats.map((s) => [s.userId, s.team]));
    for (const game of rest) {
      const response = await page.request.post(`/api/games/${game.id}/result`, {
        data: { teamAScore: 21, teamBScore: 18, teams },
      });
      expect(response.status()).toBe(200);
    }

    const stats = await (await page.request.get("/api/user/stats")).json();
    expect(stats).toMatchObject({ gamesPlayed: 3, winRate: 100, streak: 3, brosConnected: 3 });
    const badges = (await (await page.request.get("/api/badges/my")).json()) as {
      badgeType: string;
    }[];
    expect(badges.map((b) => b.badgeType)).toContain("hot_shooter");

    // The winners' level went up from where their self-rating (3.2) started them, the losers'
    // down, as each sees on their own profile (decision 110).
    const mine = await currentUserId(page);
    const losers: TestPage[] = [];
    for (const other of others) {
      if (teams[await currentUserId(other.page)] !== teams[mine]) losers.push(other);
    }
    expect(losers).toHaveLength(2);
    const shownLevel = async (viewer: Page, width: number, name: string) => {
      await viewer.setViewportSize({ width, height: 844 });
      await viewer.goto("/profile");
      const level = viewer.getByRole("region", { name: "Level" });
      await level.getByText(/^Level \d\.\d · /).waitFor();
      await level.getByText("Says 3.2", { exact: true }).waitFor();
      await level.getByText("Learned from 3 results", { exact: true }).waitFor();
      await viewer.waitForLoadState("networkidle");
      const { cls, worst } = await layoutShift(viewer);
      expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);
      await expectAccessible(viewer, `profile with its level (${name})`);
      await shot(viewer, `profile-level-${name}`);
      const text = (await level.getByText(/^Level /).textContent()) ?? "";
      return Number(/Level (\d\.\d)/.exec(text)?.[1]);
    };
    const loser = losers[0] as TestPage;
    expect(await shownLevel(loser.page, 390, "loser-390")).toBeLessThan(3.2);
    expect(await shownLevel(page, 1280, "winner-1280")).toBeGreaterThan(3.2);

    await page.getByRole("tab", { name: "Stats" }).click();
    await page.getByText("100%").first().waitFor();
    await page.getByRole("tab", { name: "Badges" }).click();
    await page.getByText("Hot Shooter").first().waitFor();

    // 3 games × 5 points + 3 wins × 5 points = 30, on all three boards.
    for (const tab of ["Global", "Local", "Weekly"]) {
      await page.goto("/leaderboard");
      await page.getByRole("tab", { name: tab, exact: true }).click();
      const row = page.getByRole("listitem").filter({ hasText: nickname });
      await row.waitFor();
      await row.getByText("30", { exact: true }).waitFor();
      await row.getByText("(You)", { exact: true }).waitFor();
    }
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "leaderboard");
    await shot(page, "leaderboard-weekly");
    // Four players, three games, a profile for two of them and three boards: longer than the
    // suite's 90 s on a loaded 2-core machine.
  }, 180_000);
});
