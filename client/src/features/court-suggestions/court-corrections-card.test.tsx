import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { CourtCorrectionsCard } from "./court-corrections-card.tsx";
import { testSuggestion } from "./test-suggestions.ts";

afterEach(() => vi.unstubAllGlobals());

const court = {
  id: 7,
  name: "Venice Beach Courts",
  isIndoor: false,
  lighting: true,
  freeToPlay: true,
  numberOfCourts: 4,
  isActive: true,
  timeZone: "America/Los_Angeles",
};
const posted = (fetchMock: ReturnType<typeof vi.fn>, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init as RequestInit | undefined)?.method === "POST")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe("keeping a court's facts true", () => {
  it("suggests a correction of only what is wrong", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWithApi(<CourtCorrectionsCard court={court} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/suggestions": Response.json([]),
        "POST /api/court-suggestions": () =>
          Response.json(testSuggestion({ mine: true }), { status: 201 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Suggest a correction" }));
    const dialog = await screen.findByRole("dialog", { name: "Suggest a correction" });
    await user.click(within(dialog).getByRole("button", { name: "Suggest" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Change at least one thing");

    expect(within(dialog).getByLabelText("Lights")).toHaveDisplayValue("Keep as is (Lights)");
    await user.selectOptions(within(dialog).getByLabelText("Lights"), "No lights");
    await user.type(within(dialog).getByLabelText("Number of courts"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Suggest" }));
    expect(await screen.findByText("Correction suggested")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posted(fetchMock, "/api/court-suggestions")).toEqual([
      { kind: "change", courtId: 7, changes: { lighting: false, numberOfCourts: 3 } },
    ]);
  });

  it("lists open corrections with their votes, and counts a player's vote", async () => {
    const user = userEvent.setup();
    let voted = false;
    const { fetchMock } = renderWithApi(<CourtCorrectionsCard court={court} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/suggestions": () =>
          Response.json([
            testSuggestion({
              confirmations: voted ? 1 : 0,
              objections: voted ? 1 : 0,
              viewerVote: voted ? false : null,
            }),
          ]),
        "POST /api/court-suggestions/1/vote": () => {
          voted = true;
          return Response.json(testSuggestion({ objections: 1, viewerVote: false }));
        },
      },
    });
    const item = await screen.findByRole("article", { name: "Correction of Venice Beach Courts" });
    expect(item).toHaveTextContent("No lights");
    expect(item).toHaveTextContent("Waiting for players nearby");
    await user.click(within(item).getByRole("button", { name: "This is wrong" }));
    expect(await screen.findByText("Vote counted")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(item).getByRole("button", { name: "This is wrong" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    expect(posted(fetchMock, "/api/court-suggestions/1/vote")).toEqual([{ agree: false }]);
  });

  it("dates a correction on the court's clock, as the server's page of the court does", async () => {
    // 11:30 PM on June 30 in Los Angeles is already July 1 in UTC and east of it.
    renderWithApi(<CourtCorrectionsCard court={court} />, {
      user: null,
      routes: {
        "/api/courts/7/suggestions": Response.json([
          testSuggestion({ expiresAt: "2026-07-01T06:30:00Z" }),
        ]),
      },
    });
    expect(await screen.findByText(/open until Jun 30/)).toBeInTheDocument();
  });

  it("asks visitors to sign in, and offers nothing for a closed court", async () => {
    const { unmount } = renderWithApi(<CourtCorrectionsCard court={court} />, {
      user: null,
      routes: { "/api/courts/7/suggestions": Response.json([testSuggestion()]) },
    });
    expect(await screen.findByText("Sign in to suggest a correction.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "This is right" })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    renderWithApi(<CourtCorrectionsCard court={{ ...court, isActive: false }} />, {
      user: testUser(),
      routes: { "/api/courts/7/suggestions": Response.json([]) },
    });
    expect(await screen.findByText(/Players nearby fix it together/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Suggest a correction" })).not.toBeInTheDocument();
  });
});
