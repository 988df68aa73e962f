import { describe, expect, it } from "vitest";
import { runScript } from "../../server/test-support/run-script.ts";
import { signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  type ConsoleAllowance,
  SIGNED_OUT_USER_CHECK,
  screenshot,
  setUpBrowser,
} from "./support/browser.ts";
import { layoutShift, observeLayoutShifts } from "./support/layout-shift.ts";
import { becomeLocatedPlayer } from "./support/player-setup.ts";
import { twoInstancesOnPostgres } from "./support/two-instances.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Reports and operators on two server instances sharing one PostgreSQL (issue 34, "How it will
 * be checked"): a player reports a chat message on one instance; an operator, made by the
 * command line, finds it on the other, hides it and suspends its author; the author can then
 * read but not write, and the audit log shows both actions.
 */

const browser = setUpBrowser();
const [PHONE, DESKTOP] = VIEWPORTS;

/** Suspended, Ben's message is refused: Chromium logs the 403 of that one write. */
const SUSPENDED_WRITE: ConsoleAllowance = {
  reason: "a suspended player's message answers 403",
  text: /^Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/,
  path: /^\/api\/games\/\d+\/messages$/,
};

const instances = twoInstancesOnPostgres();

/** `npm run operator -- ARGS` on the shared database, as the site's operator runs it. */
const operatorCommand = (...args: string[]) =>
  runScript("operator.ts", args, { DATABASE_URL: instances.databaseUrl() });

describe("reports and operators on two instances", () => {
  it("a chat message reported on one instance is hidden by an operator on the other, who suspends its author", async () => {
    const [onA, onB] = instances.urls();
    const tag = Date.now().toString(36).slice(-4);
    const benName = `Ben ${tag}`;

    // Ben runs a game and says something ugly in its chat; Ana, seated, reads it (instance B).
    const ben = await browser.newPage({
      ...DESKTOP?.options,
      baseURL: onA,
      allowConsoleErrors: [SIGNED_OUT_USER_CHECK, SUSPENDED_WRITE],
    });
    await signUpByApi(ben.page);
    await becomeLocatedPlayer(ben.page, benName);
    const ana = await browser.newPage({ ...PHONE?.options, baseURL: onB });
    await signUpByApi(ana.page);
    await becomeLocatedPlayer(ana.page, `Ana ${tag}`);
    const courts = (await (await ben.page.request.get("/api/courts")).json()) as { id: number }[];
    const created = await ben.page.request.post("/api/games", {
      data: {
        courtId: courts[0]?.id,
        title: `Report Run ${tag}`,
        scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        maxPlayers: 10,
      },
    });
    expect(created.status()).toBe(201);
    const gameId = ((await created.json()) as { id: number }).id;
    expect((await ana.page.request.post(`/api/games/${gameId}/join`)).status()).toBe(200);
    const ugly = "You all play like my grandma";
    const said = await ben.page.request.post(`/api/games/${gameId}/messages`, {
      data: { body: ugly },
    });
    expect(said.status()).toBe(201);

    await ana.page.goto(`/game/${gameId}`);
    const chat = ana.page.getByRole("list", { name: "Game chat messages" });
    await chat.getByText(ugly).waitFor();
    await chat.getByRole("button", { name: `Report message from ${benName}` }).click();
    const dialog = ana.page.getByRole("dialog", { name: `Report message from ${benName}?` });
    await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
    await dialog.getByLabel("Details (optional)").fill("Every game, again and again.");
    await expectAccessible(ana.page, "the report dialog (phone)");
    console.log(`[e2e] screenshot: ${await screenshot(ana.page, "report-dialog-phone")}`);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await ana.page.getByText("Thanks. An operator will look at it.").first().waitFor();

    // Olga becomes an operator from the command line only.
    const olga = await browser.newPage({ ...DESKTOP?.options, baseURL: onA });
    const olgaUser = await signUpByApi(olga.page);
    await becomeLocatedPlayer(olga.page, `Olga ${tag}`);
    await olga.page.goto("/operator");
    await olga.page.getByText("This page is for operators.").waitFor();
    const granted = await operatorCommand("grant", olgaUser.email);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${olgaUser.email} is now an operator.`);

    // On instance A she finds the report, with the message and where it was said.
    await observeLayoutShifts(olga.context);
    await olga.page.goto("/operator");
    const queue = olga.page.getByRole("list", { name: "Open reports" });
    const card = queue.getByRole("article").filter({ hasText: ugly });
    await card.getByText(`Game chat of Report Run ${tag}`).waitFor();
    await card.getByText("Every game, again and again.").waitFor();
    await olga.page.waitForLoadState("networkidle");
    const { cls, worst } = await layoutShift(olga.page);
    expect(cls, JSON.stringify(worst, null, 1)).toBeLessThanOrEqual(0.1);
    await expectAccessible(olga.page, "the operator page with a report (desktop)");
    console.log(`[e2e] screenshot: ${await screenshot(olga.page, "operator-desktop")}`);

    await card.getByRole("button", { name: "Hide" }).click();
    const hide = olga.page.getByRole("dialog", { name: "Hide the message?" });
    await hide.getByLabel("Reason").fill("Insults in the game chat");
    await hide.getByRole("button", { name: "Hide" }).click();
    await card.waitFor({ state: "detached" });

    // The message is gone for Ana on the other instance.
    await ana.page.reload();
    await ana.page.getByRole("heading", { name: "Game chat" }).waitFor();
    await ana.page.waitForLoadState("networkidle");
    expect(await ana.page.getByText(ugly).count()).toBe(0);

    // A second report, on Ben himself, and a suspension.
    const second = await ana.page.request.post("/api/reports", {
      data: { kind: "player", targetId: await idOf(ben.page), reason: "harassment" },
    });
    expect(second.status()).toBe(201);
    await olga.page.reload();
    const playerCard = queue
      .getByRole("article")
      .filter({ hasText: "Harassment or bullying: Player" });
    await playerCard.getByRole("button", { name: "Suspend" }).click();
    const suspend = olga.page.getByRole("dialog", { name: `Suspend ${benName}?` });
    await suspend.getByLabel("Reason").fill("Repeated insults");
    await suspend.getByLabel("Days (1 to 365)").fill("3");
    await suspend.getByRole("button", { name: "Suspend" }).click();
    await playerCard.waitFor({ state: "detached" });
    await olga.page.getByText("No open reports.").waitFor();

    // Ben, on instance B (the same cookie: one host), still reads his game but cannot write.
    await ben.page.goto(`${onB}/game/${gameId}`);
    await ben.page.getByRole("heading", { name: "Game chat" }).waitFor();
    await ben.page.getByLabel("Message", { exact: true }).fill("Let me back in");
    await ben.page.getByRole("button", { name: "Send", exact: true }).click();
    await ben.page
      .getByRole("alert")
      .getByText(/Your account is suspended until .* UTC/)
      .waitFor();
    await expectAccessible(ben.page, "a suspended player's game page (desktop)");
    console.log(`[e2e] screenshot: ${await screenshot(ben.page, "suspended-desktop")}`);
    const notices = (await (await ben.page.request.get("/api/notifications")).json()) as {
      items: { title: string }[];
    };
    expect(notices.items.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        "Your account is suspended for 3 days",
        "An operator hid your message",
      ]),
    );

    // He appeals through the contact page, which a suspension leaves open.
    await ben.page.goto(`${onB}/contact`);
    const form = ben.page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full Name", { exact: true }).fill(benName);
    await form.getByLabel("Email Address", { exact: true }).fill("ben@example.com");
    await form.getByLabel("Subject", { exact: true }).fill("Appeal");
    await form.getByLabel("Message", { exact: true }).fill("It was a joke between friends.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Message Sent!", { exact: true }).waitFor();

    // Olga reads the appeal; the audit log has the grant and both actions, newest first.
    await olga.page.reload();
    const inbox = olga.page.getByRole("list", { name: "Contact messages" });
    await inbox.getByText("It was a joke between friends.").waitFor();
    await inbox.getByText(`signed in as ${benName}`, { exact: false }).waitFor();

    const log = olga.page.getByRole("list", { name: "Audit log entries" });
    await log.getByText("suspended the player for 3 days").waitFor();
    await log.getByText("hid a message").waitFor();
    expect(instances.serverErrors()).toEqual([]);
  });
});

async function idOf(page: import("playwright-core").Page): Promise<string> {
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  return me.id;
}
