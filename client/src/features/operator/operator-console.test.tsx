import {
  type AuditEntry,
  NOT_OPERATOR,
  type OperatorReport,
  REPORT_ALREADY_RESOLVED,
} from "@common/moderation.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { OperatorConsole } from "./operator-console.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const messageReport = (): OperatorReport => ({
  id: 11,
  kind: "message",
  reason: "harassment",
  details: "He keeps doing this",
  createdAt: "2026-11-27T18:00:00.000Z",
  reporter: { id: "ann", name: "Ann" },
  reported: { id: "ben", name: "Ben", suspendedUntil: null, banned: false },
  content: "You can't play, go home",
  context: "Game chat of Friday Run at Venice Beach Courts",
  link: "/game/7",
  hidden: false,
  openReportsOnTarget: 2,
});

const playerReport = (): OperatorReport => ({
  id: 12,
  kind: "player",
  reason: "spam",
  details: null,
  createdAt: "2026-11-28T09:30:00.000Z",
  reporter: { id: "cal", name: "Cal" },
  reported: { id: "dee", name: "Dee", suspendedUntil: "2099-01-05T00:00:00.000Z", banned: false },
  content: null,
  context: "Player profile of Dee",
  link: null,
  hidden: false,
  openReportsOnTarget: 1,
});

const entry = (id: number, summary: string): AuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 10, id)).toISOString(),
  operator: { id: "op", name: "Olive" },
  action: "warn",
  target: { id: "ben", name: "Ben" },
  reportId: null,
  reason: `reason ${id}`,
  summary,
});

/** An operator's fake API: the reports left open change as they are resolved. */
function operatorApi(reports: OperatorReport[], resolve?: () => Response) {
  let open = reports;
  const bodies: unknown[] = [];
  const routes = {
    "/api/operator/me": () => Response.json({ operator: true }),
    "/api/operator/reports": () => Response.json(open),
    "/api/operator/messages": () =>
      Response.json([
        {
          id: 3,
          name: "Ben Carter",
          email: "ben@example.com",
          subject: "Appeal",
          message: "It was a joke between friends.",
          createdAt: "2026-11-27T18:00:00.000Z",
          player: { id: "ben", name: "Ben" },
        },
      ]),
    "/api/operator/audit": (_: unknown, url?: string) =>
      url?.includes("before=8")
        ? Response.json({ items: [entry(7, "warned a player")], nextBefore: null })
        : Response.json({
            items: [entry(9, "suspended for 7 days"), entry(8, "hid a message")],
            nextBefore: 8,
          }),
    "POST /api/operator/reports/12/resolve": (init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      if (resolve) return resolve();
      open = open.filter((r) => r.id !== 12);
      return Response.json({ action: "suspend" });
    },
  };
  return { routes, bodies };
}

const render = (api: ReturnType<typeof operatorApi>) =>
  renderWithApi(<OperatorConsole />, { user: testUser(), routes: api.routes });

describe("the operator page", () => {
  it("tells a player who is not an operator that the page is not theirs, asking for no reports", async () => {
    const { fetchMock } = renderWithApi(<OperatorConsole />, {
      user: testUser(),
      routes: { "/api/operator/me": Response.json({ operator: false }) },
    });
    expect(await screen.findByText("This page is for operators.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/operator/reports");
  });

  it("says the same when the reports are refused (an operator revoked meanwhile)", async () => {
    renderWithApi(<OperatorConsole />, {
      user: testUser(),
      routes: {
        "/api/operator/me": Response.json({ operator: true }),
        "/api/operator/reports": Response.json({ message: NOT_OPERATOR }, { status: 403 }),
      },
    });
    expect(await screen.findByText("This page is for operators.")).toBeInTheDocument();
  });

  it("lists the contact form's messages, an appeal among them, with who sent each", async () => {
    render(operatorApi([]));
    const list = await screen.findByRole("list", { name: "Contact messages" });
    const [appeal] = within(list).getAllByRole("listitem");
    expect(appeal).toHaveTextContent("Appeal");
    expect(appeal).toHaveTextContent("From Ben Carter <ben@example.com> · signed in as Ben");
    expect(appeal).toHaveTextContent("It was a joke between friends.");
  });

  it("shows each open report with its content, context, people and the actions that fit", async () => {
    render(operatorApi([messageReport(), playerReport()]));
    const list = await screen.findByRole("list", { name: "Open reports" });
    const [first, second] = within(list).getAllByRole("article");
    const message = first as HTMLElement;
    expect(message).toHaveAccessibleName("Harassment or bullying: Game chat message");
    expect(message).toHaveTextContent("You can't play, go home");
    expect(message).toHaveTextContent("Game chat of Friday Run at Venice Beach Courts");
    expect(message).toHaveTextContent("Reported byAnn");
    expect(message).toHaveTextContent("He keeps doing this");
    expect(message).toHaveTextContent("2 open reports on this");
    expect(within(message).getByRole("link", { name: "Open it in the app" })).toHaveAttribute(
      "href",
      "/game/7",
    );
    const buttons = (card: HTMLElement) =>
      within(card)
        .getAllByRole("button")
        .map((b) => b.textContent);
    expect(buttons(message)).toEqual(["Dismiss", "Hide", "Warn", "Suspend", "Ban"]);

    const player = second as HTMLElement;
    expect(player).toHaveAccessibleName("Spam or scam: Player");
    expect(player).toHaveTextContent("Suspended until Jan 5, 2099");
    expect(player).toHaveTextContent("1 open report on this");
    expect(within(player).queryByRole("link")).toBeNull();
    // A player is no content: nothing to hide.
    expect(buttons(player)).toEqual(["Dismiss", "Warn", "Suspend", "Ban"]);
  });

  it("says so when no report is open", async () => {
    render(operatorApi([]));
    expect(await screen.findByText("No open reports.")).toBeInTheDocument();
  });

  it("refuses a suspension without days or reason on the client, then sends the contract's body", async () => {
    const api = operatorApi([messageReport(), playerReport()]);
    render(api);
    const card = await screen.findByRole("article", { name: "Spam or scam: Player" });
    await userEvent.click(within(card).getByRole("button", { name: "Suspend" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspend Dee?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(within(dialog).getByLabelText("Reason")).toHaveAccessibleDescription(
      expect.stringContaining("Say why: the player is told"),
    );
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Selling shoes in every chat");
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(within(dialog).getByLabelText("Days (1 to 365)")).toHaveAccessibleDescription(
      "Suspend for 1 to 365 days",
    );
    expect(api.bodies).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText("Days (1 to 365)"), "7");
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodies).toEqual([
      { action: "suspend", reason: "Selling shoes in every chat", days: 7 },
    ]);
    expect(await screen.findByText("Player suspended")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Spam or scam: Player" })).toBeNull(),
    );
    expect(
      screen.getByRole("article", { name: "Harassment or bullying: Game chat message" }),
    ).toBeInTheDocument();
  });

  it("asks once more before a ban", async () => {
    const api = operatorApi([playerReport()], () => Response.json({ action: "ban" }));
    render(api);
    const card = await screen.findByRole("article", { name: "Spam or scam: Player" });
    await userEvent.click(within(card).getByRole("button", { name: "Ban" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban Dee?" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Scam links");
    await userEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(api.bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, ban Dee" }));
    await waitFor(() => expect(api.bodies).toEqual([{ action: "ban", reason: "Scam links" }]));
  });

  it("shows that another operator acted first (409), and reads the list again", async () => {
    const api = operatorApi([playerReport()], () =>
      Response.json({ message: REPORT_ALREADY_RESOLVED }, { status: 409 }),
    );
    const { fetchMock } = render(api);
    const card = await screen.findByRole("article", { name: "Spam or scam: Player" });
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === "/api/operator/reports").length;
    const readsBefore = reads();
    await userEvent.click(within(card).getByRole("button", { name: "Warn" }));
    const dialog = await screen.findByRole("dialog", { name: "Warn Dee?" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Be kind");
    await userEvent.click(within(dialog).getByRole("button", { name: "Warn" }));
    expect(await screen.findByText(REPORT_ALREADY_RESOLVED)).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    expect(api.bodies).toEqual([{ action: "warn", reason: "Be kind" }]);
  });

  it("lists the audit log newest first and loads older entries", async () => {
    render(operatorApi([]));
    const log = await screen.findByRole("list", { name: "Audit log entries" });
    const lines = () =>
      within(log)
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    expect(lines()).toEqual([
      expect.stringContaining("Olive suspended for 7 days · Ben"),
      expect.stringContaining("Olive hid a message · Ben"),
    ]);
    expect(lines()[0]).toContain("Reason: reason 9");
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(lines()[2]).toContain("Olive warned a player · Ben");
    expect(screen.queryByRole("button", { name: "Load older" })).toBeNull();
  });
});
