import { describe, expect, it } from "vitest";
import { toZonedInputValue } from "../../common/zoned-time.ts";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { LA_ZONE, nextTuesday } from "./support/court-days.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * The weekly run (issue 32 points 1 and 2): an organizer repeats a Tuesday 6:30 PM game at a Los
 * Angeles court from its page, lands on the run, sees its dates on the court's clock; one date
 * is cancelled and the run's .ics keeps the rule with that date excepted; a player follows the
 * run, counted in by default. A run is also made from the create form (two weekdays, six times)
 * and one of its dates moved from the run page.
 */

const browser = setUpBrowser();
const ZONE = LA_ZONE;

/** 6:30 PM on the court's clock, on the first Tuesday at least a week away. */
function nextTuesdayEvening(): string {
  const day = nextTuesday();
  for (const offset of ["-08:00", "-07:00"]) {
    const iso = `${day}T18:30:00${offset}`;
    const hour = new Intl.DateTimeFormat("en-US", {
      timeZone: ZONE,
      hour: "numeric",
      hour12: false,
    }).format(new Date(iso));
    if (hour === "18") return iso;
  }
  throw new Error("no 6:30 PM on that day");
}

describe("a weekly run", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`is made from a game's page and kept on the court's clock, on a ${name}`, async () => {
      const tag = `${name.slice(0, 1)}${Date.now().toString(36).slice(-4)}`;
      const organizer = await browser.newPage(options);
      await signUpByApi(organizer.page);
      await becomeLocatedPlayer(organizer.page, `Org ${tag}`);
      const courts = (await (await organizer.page.request.get("/api/courts")).json()) as {
        id: number;
      }[];
      const scheduledAt = nextTuesdayEvening();
      const created = await organizer.page.request.post("/api/games", {
        data: { courtId: courts[0]?.id, title: `Tuesday Run ${tag}`, scheduledAt, maxPlayers: 10 },
      });
      expect(created.status()).toBe(201);
      const gameId = ((await created.json()) as { id: number }).id;

      await organizer.page.goto(`/game/${gameId}`);
      await organizer.page.getByRole("button", { name: "Repeat weekly" }).click();
      await organizer.page.waitForURL(/\/runs\/\d+$/);
      const runId = Number(new URL(organizer.page.url()).pathname.split("/").at(-1));
      await organizer.page.getByRole("heading", { level: 1, name: `Tuesday Run ${tag}` }).waitFor();
      await organizer.page.getByText("Tuesdays at 6:30 PM PT").waitFor();
      const dates = organizer.page.getByRole("list", { name: "Upcoming dates" }).getByRole("link");
      await dates.first().waitFor();
      // Every date made so far, a week apart from the game's, at 6:30 PM on the court's clock.
      const texts = await dates.allTextContents();
      // Dates are made four weeks ahead: the first is a week after the game, itself a week away.
      expect(texts.length).toBeGreaterThanOrEqual(2);
      for (const text of texts) expect(text).toMatch(/^Tue, [A-Z][a-z]{2} \d{1,2}, 6:30 PM PT$/);
      await organizer.page.waitForLoadState("networkidle");
      await expectAccessible(organizer.page, `a run's page (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(organizer.page, `run-${name}`)}`);

      // One date called off on its own; the others stay.
      const run = (await (await organizer.page.request.get(`/api/runs/${runId}`)).json()) as {
        upcoming: { id: number; runDate: string }[];
      };
      const second = run.upcoming[1];
      expect(second).toBeDefined();
      const cancelled = await organizer.page.request.post(`/api/games/${second?.id}/cancel`);
      expect(cancelled.status()).toBe(200);
      await organizer.page.reload();
      await organizer.page
        .getByRole("list", { name: "Upcoming dates" })
        .getByText("Cancelled")
        .waitFor();

      // The run's calendar file: its rule on the court's clock, the cancelled date excepted.
      const ics = await (await organizer.page.request.get(`/api/runs/${runId}.ics`)).text();
      expect(ics).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T183000/);
      expect(ics).toMatch(/RRULE:FREQ=WEEKLY;.*BYDAY=TU/);
      expect(ics).toContain(
        `EXDATE;TZID=America/Los_Angeles:${second?.runDate.replaceAll("-", "")}T183000`,
      );

      // A player follows the run and is counted in by default from now on.
      const regular = await browser.newPage(options);
      await signUpByApi(regular.page);
      await becomeLocatedPlayer(regular.page, `Reg ${tag}`);
      await regular.page.goto(`/runs/${runId}`);
      await regular.page.getByRole("button", { name: "Follow Run" }).click();
      await regular.page.getByRole("button", { name: "Stop Following" }).waitFor();
      // The box shows what the server saved: checked once the answer is back.
      const countMeIn = regular.page.getByLabel(/Count me in by default/);
      await countMeIn.click();
      await expect.poll(() => countMeIn.isChecked()).toBe(true);
      await regular.page
        .getByRole("list", { name: "Regulars" })
        .getByText(`Reg ${tag} · counted in by default`)
        .waitFor();
      console.log(`[e2e] screenshot: ${await screenshot(regular.page, `run-regular-${name}`)}`);
      for (const p of [regular, organizer]) await p.context.close();
    }, 180_000);
  }
});

describe("a run made from the create form", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`repeats on two weekdays for six times, and one date moves, on a ${name}`, async () => {
      const tag = `${name.slice(0, 1)}${Date.now().toString(36).slice(-4)}`;
      const { page, context } = await browser.newPage(options);
      await signUpByApi(page);
      await becomeLocatedPlayer(page, `Form ${tag}`);
      const title = `Hoops ${tag}`;
      const first = toZonedInputValue(new Date(nextTuesdayEvening()), ZONE);

      await page.goto("/games/create");
      await page.getByLabel("Search courts").fill("Venice");
      await page
        .getByRole("radio", { name: /Venice Beach/ })
        .first()
        .check();
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Date and time").fill(first);
      await page.getByLabel("Repeats", { exact: true }).selectOption("Every week");
      // The date's Tuesday is ticked already; Thursday is added.
      await expect
        .poll(() => page.getByRole("checkbox", { name: "Tuesday" }).isChecked())
        .toBe(true);
      await page.getByRole("checkbox", { name: "Thursday" }).check();
      await page.getByRole("radio", { name: "After a number of times" }).check();
      await page.getByLabel("Number of times", { exact: true }).fill("6");
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `create form, repeating (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `run-create-${name}`)}`);

      await page.getByRole("button", { name: "Create Run", exact: true }).click();
      await page.waitForURL(/\/runs\/\d+$/);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByText("Tuesdays and Thursdays at 6:30 PM PT").waitFor();
      const dates = page.getByRole("list", { name: "Upcoming dates" }).getByRole("link");
      await dates.first().waitFor();
      // Six at most, made four weeks ahead: the first Tuesday a week away, then Thursdays too.
      const texts = await dates.allTextContents();
      expect(texts.length).toBeGreaterThanOrEqual(2);
      expect(texts.length).toBeLessThanOrEqual(6);
      expect(texts[0]).toMatch(/^Tue, [A-Z][a-z]{2} \d{1,2}, 6:30 PM PT$/);
      expect(texts[1]).toMatch(/^Thu, [A-Z][a-z]{2} \d{1,2}, 6:30 PM PT$/);

      // The first date moves to 7:15 PM on its own day; the others stay.
      await page.getByRole("button", { name: `Move… the game of ${texts[0]}` }).click();
      const when = page.getByLabel("New date and time");
      await expect.poll(() => when.inputValue()).toBe(first);
      await when.fill(`${first.slice(0, 10)}T19:15`);
      await page.getByRole("button", { name: "Move", exact: true }).click();
      await expect
        .poll(() => dates.first().textContent())
        .toBe(texts[0]?.replace("6:30 PM", "7:15 PM"));
      expect(await dates.nth(1).textContent()).toBe(texts[1]);
      await page.getByRole("button", { name: "Change from a date on" }).click();
      await page.getByRole("form", { name: "Change from a date on" }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `a run's organizer controls (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `run-controls-${name}`)}`);
      await context.close();
    }, 180_000);
  }
});
