import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";
import { describe, expect, it } from "vitest";
import { toZonedInputValue } from "../../common/zoned-time.ts";
import { openPostgres } from "../../server/db/client.ts";
import { makeDueDates } from "../../server/modules/runs/make-dates.ts";
import { signUpByApi } from "./support/auth.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { LA_ZONE, nextTuesday } from "./support/court-days.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { twoInstancesOnPostgres } from "./support/two-instances.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * The weekly run on two server instances sharing one PostgreSQL, as behind a load balancer
 * (issue 32, "How it will be checked"): the organizer works on one instance, a regular on the
 * other. The run made on one is the same run on the other, a date cancelled through one turns
 * the other's open game page to cancelled while it is on screen, a date moved through one moves
 * on the other's run page as it is watched, March's dates (made by the keep-ahead job with its
 * clock in March) keep 6:30 PM PT across the change with the regular seated on them by default,
 * and the other's .ics parses back to the run's Tuesdays less the one cancelled.
 */

const { rrulestr } = createRequire(import.meta.url)("rrule") as typeof RRuleModule;
const browser = setUpBrowser();
const ZONE = LA_ZONE;
const [PHONE, DESKTOP] = VIEWPORTS;

const instances = twoInstancesOnPostgres();

/** The calendar's lines, folded lines joined again (RFC 5545 §3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("a weekly run on two instances", () => {
  it("is the same run through either: made on one, followed, cancelled and moved across", async () => {
    const [onA, onB] = instances.urls();
    const tag = Date.now().toString(36).slice(-4);
    const title = `Two Doors ${tag}`;
    const firstDay = nextTuesday();

    // The organizer, on instance A, makes the run from the create form.
    const organizer = await browser.newPage({ ...DESKTOP?.options, baseURL: onA });
    await signUpByApi(organizer.page);
    await becomeLocatedPlayer(organizer.page, `Org ${tag}`);
    await organizer.page.goto("/games/create");
    await organizer.page.getByLabel("Search courts").fill("Venice");
    await organizer.page
      .getByRole("radio", { name: /Venice Beach/ })
      .first()
      .check();
    await organizer.page.getByLabel("Title", { exact: true }).fill(title);
    await organizer.page.getByLabel("Date and time").fill(`${firstDay}T18:30`);
    await organizer.page.getByLabel("Repeats", { exact: true }).selectOption("Every week");
    await organizer.page.getByRole("button", { name: "Create Run", exact: true }).click();
    await organizer.page.waitForURL(/\/runs\/\d+$/);
    const runPath = new URL(organizer.page.url()).pathname;
    const datesOn = (page: typeof organizer.page) =>
      page.getByRole("list", { name: "Upcoming dates" }).getByRole("link");
    await datesOn(organizer.page).first().waitFor();
    const madeOnA = await datesOn(organizer.page).allTextContents();
    expect(madeOnA.length).toBeGreaterThanOrEqual(2);
    for (const text of madeOnA) expect(text).toMatch(/^Tue, [A-Z][a-z]{2} \d{1,2}, 6:30 PM PT$/);

    // A regular, on instance B, sees the same run and its dates, and follows it.
    const regular = await browser.newPage({ ...PHONE?.options, baseURL: onB });
    await signUpByApi(regular.page);
    await becomeLocatedPlayer(regular.page, `Reg ${tag}`);
    await regular.page.goto(runPath);
    await regular.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await regular.page.getByText("Tuesdays at 6:30 PM PT").waitFor();
    await datesOn(regular.page).first().waitFor();
    expect(await datesOn(regular.page).allTextContents()).toEqual(madeOnA);
    await regular.page.getByRole("button", { name: "Follow Run" }).click();
    await regular.page.getByRole("button", { name: "Stop Following" }).waitFor();
    const countMeIn = regular.page.getByLabel(/Count me in by default/);
    await countMeIn.click();
    await expect.poll(() => countMeIn.isChecked()).toBe(true);

    // The organizer, through A, sees the regular who followed through B.
    await organizer.page.reload();
    await organizer.page
      .getByRole("list", { name: "Regulars" })
      .getByText(`Reg ${tag} · counted in by default`)
      .waitFor();

    // The regular has the second date open on B; the organizer calls it off through A.
    const run = (await (await organizer.page.request.get(`/api/${runPath.slice(1)}`)).json()) as {
      upcoming: { id: number; runDate: string }[];
    };
    const [first, second] = run.upcoming;
    expect(first && second).toBeTruthy();
    await regular.page.goto(`/game/${second?.id}`);
    await regular.page.getByRole("heading", { level: 1, name: title }).waitFor();
    // The page listens before the change is made (the app opens its stream once it has loaded).
    await regular.page.waitForLoadState("networkidle");
    const cancelled = await organizer.page.request.post(`/api/games/${second?.id}/cancel`);
    expect(cancelled.status()).toBe(200);
    await regular.page.getByText("This game was cancelled.").waitFor();
    console.log(
      `[e2e] screenshot: ${await screenshot(regular.page, "run-two-instances-cancelled")}`,
    );

    // The regular watches the run's page on B while the organizer moves the first date to
    // 7:15 PM through A's: B's page follows without a reload.
    await regular.page.goto(runPath);
    await regular.page
      .getByRole("list", { name: "Upcoming dates" })
      .getByText("Cancelled")
      .waitFor();
    await regular.page.waitForLoadState("networkidle");
    await organizer.page.reload();
    await organizer.page.getByRole("button", { name: `Move… the game of ${madeOnA[0]}` }).click();
    const when = organizer.page.getByLabel("New date and time");
    await expect.poll(() => when.inputValue()).toBe(`${firstDay}T18:30`);
    await when.fill(`${firstDay}T19:15`);
    await organizer.page.getByRole("button", { name: "Move", exact: true }).click();
    const moved = madeOnA[0]?.replace("6:30 PM", "7:15 PM");
    await expect.poll(() => datesOn(organizer.page).first().textContent()).toBe(moved);
    await expect.poll(() => datesOn(regular.page).first().textContent()).toBe(moved);
    console.log(`[e2e] screenshot: ${await screenshot(regular.page, "run-two-instances")}`);

    // March: the keep-ahead job as the instances run it (the same code on the same database),
    // with its clock at 1 March, when March's dates come within four weeks. The clocks go
    // forward on the 14th; on B's page both sides of the change stay 6:30 PM PT, and the
    // regular counted in by default holds a seat on the new date.
    const jobs = openPostgres(instances.databaseUrl(), { max: 2 });
    try {
      expect(await makeDueDates(jobs.db, { now: new Date("2027-03-01T20:00:00Z") })).toBe(4);
    } finally {
      await jobs.close();
    }
    await regular.page.reload();
    for (const day of ["Mar 2", "Mar 9", "Mar 16", "Mar 23"]) {
      await datesOn(regular.page).getByText(`Tue, ${day}, 6:30 PM PT`, { exact: true }).waitFor();
    }
    console.log(`[e2e] screenshot: ${await screenshot(regular.page, "run-two-instances-march")}`);
    await datesOn(regular.page).getByText("Tue, Mar 16, 6:30 PM PT", { exact: true }).click();
    await regular.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await regular.page.getByRole("button", { name: "Leave Game", exact: true }).waitFor();

    // B's calendar file parses back to the run's Tuesdays less the cancelled one; the moved
    // date is its own event, at 7:15 PM on the court's clock.
    const ics = await (await regular.page.request.get(`/api/${runPath.slice(1)}.ics`)).text();
    const events = ics.split("BEGIN:VEVENT").slice(1);
    const rule = linesOf(events[0] ?? "").filter((l) => /^(DTSTART|RRULE|EXDATE)/.test(l));
    const set = rrulestr(rule.join("\n"), { forceset: true }) as RRuleModule.RRuleSet;
    const days = set.between(
      new Date(`${firstDay}T00:00:00Z`),
      new Date(Date.now() + 40 * 86_400_000),
    );
    const dayList = days.map((d) => toZonedInputValue(d, ZONE).slice(0, 10));
    expect(dayList[0]).toBe(firstDay);
    expect(dayList).not.toContain(second?.runDate);
    expect(rule).toContain(`EXDATE;TZID=${ZONE}:${second?.runDate.replaceAll("-", "")}T183000`);
    const movedEvent = events
      .map(linesOf)
      .find((lines) => lines.some((l) => l.startsWith("RECURRENCE-ID")));
    expect(movedEvent).toContain(
      `RECURRENCE-ID;TZID=${ZONE}:${firstDay.replaceAll("-", "")}T183000`,
    );
    expect(movedEvent).toContain(`DTSTART;TZID=${ZONE}:${firstDay.replaceAll("-", "")}T191500`);

    for (const p of [regular, organizer]) await p.context.close();
    expect(instances.serverErrors()).toEqual([]);
  }, 240_000);
});
