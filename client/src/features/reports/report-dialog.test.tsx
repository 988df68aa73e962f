import { REPORT_THANKS, TOO_MANY_REPORTS } from "@common/moderation.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { ReportButton } from "./report-button.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe("reporting", () => {
  it("sends the chosen reason and details as the contract says, thanks, and closes", async () => {
    const bodies: unknown[] = [];
    renderWithApi(<ReportButton kind="player" targetId="ben" label="Ben" />, {
      user: testUser(),
      routes: {
        "POST /api/reports": (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ id: 1 }, { status: 201 });
        },
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Report Ben" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Ben?" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Harassment or bullying" }));
    await userEvent.type(within(dialog).getByLabelText("Details (optional)"), "  Insults in chat ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { kind: "player", targetId: "ben", reason: "harassment", details: "Insults in chat" },
    ]);
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
  });

  it("asks for a reason before sending anything, and leaves out blank details", async () => {
    const bodies: unknown[] = [];
    renderWithApi(<ReportButton kind="message" targetId="12" label="message from Ben" />, {
      user: testUser(),
      routes: {
        "POST /api/reports": (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ id: 2 }, { status: 201 });
        },
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Report message from Ben" }));
    const dialog = await screen.findByRole("dialog", { name: "Report message from Ben?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose a reason");
    expect(bodies).toEqual([]);

    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam or scam" }));
    await userEvent.type(within(dialog).getByLabelText("Details (optional)"), "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(bodies).toEqual([{ kind: "message", targetId: "12", reason: "spam" }]),
    );
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    renderWithApi(<ReportButton kind="player" targetId="ben" label="Ben" />, {
      user: testUser(),
      routes: {
        "POST /api/reports": () => Response.json({ message: TOO_MANY_REPORTS }, { status: 429 }),
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Report Ben" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Ben?" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Something else" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(TOO_MANY_REPORTS);
    expect(screen.getByRole("dialog", { name: "Report Ben?" })).toBeInTheDocument();
    expect(screen.queryByText(REPORT_THANKS)).not.toBeInTheDocument();
  });
});
