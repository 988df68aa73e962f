import type { ConditionReport } from "@common/court-conditions.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeGeolocation } from "@/test-support/fake-geolocation.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { ConditionsCard } from "./conditions-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const court = { id: 7, name: "Venice Beach Courts", isActive: true };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function report(overrides: Partial<ConditionReport>): ConditionReport {
  return {
    id: 1,
    kind: "court_full",
    note: null,
    createdAt: minutesAgo(20),
    expiresAt: minutesAgo(-70),
    lastConfirmedAt: null,
    confirmations: 0,
    mine: false,
    confirmedByViewer: false,
    ...overrides,
  };
}

const bodyOf = (fetchMock: ReturnType<typeof vi.fn>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init as RequestInit | undefined)?.method === method)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe("court conditions", () => {
  it("lists live reports with their age, confirmations and when they lapse", async () => {
    renderWithApi(<ConditionsCard court={court} />, {
      user: null,
      routes: {
        "/api/courts/7/conditions": Response.json([
          report({ id: 1, note: "Next has 3 waiting", confirmations: 2 }),
          report({
            id: 2,
            kind: "lights_ok",
            createdAt: minutesAgo(60 * 26),
            expiresAt: minutesAgo(-60 * 46),
          }),
        ]),
      },
    });
    const list = await screen.findByRole("list", { name: "Recent reports" });
    const [full, lights] = within(list).getAllByRole("listitem");
    expect(full).toHaveTextContent("Court full");
    expect(full).toHaveTextContent("“Next has 3 waiting”");
    expect(full).toHaveTextContent("Reported 20 min ago · confirmed by 2 players · lapses in 1 h");
    expect(lights).toHaveTextContent("Lights workingReported 1 day ago · lapses in 2 days");
    expect(screen.getByText("Sign in to report what you see at the court.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Confirm/ })).not.toBeInTheDocument();
  });

  it("reports as a player checked in here: choose what you see, add a note, send", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWithApi(<ConditionsCard court={court} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/conditions": Response.json([]),
        "POST /api/courts/7/conditions": () =>
          Response.json(report({ id: 9, kind: "nets_missing", mine: true }), { status: 201 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a condition" });
    await user.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose what you see at the court");
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);

    await user.click(within(dialog).getByRole("radio", { name: "Nets missing" }));
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Both rims bare");
    await user.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(await screen.findByText("Thanks for the report")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, "POST", "/api/courts/7/conditions")).toEqual([
      { kind: "nets_missing", note: "Both rims bare" },
    ]);
  });

  it("offers to share the browser's position when the player is not checked in here", async () => {
    const user = userEvent.setup();
    fakeGeolocation({ position: { latitude: 33.9859, longitude: -118.4732 } });
    let posts = 0;
    const { fetchMock } = renderWithApi(<ConditionsCard court={court} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/conditions": Response.json([]),
        "POST /api/courts/7/conditions": () =>
          ++posts === 1
            ? Response.json(
                {
                  message:
                    "Only players at the court can report: check in here, or share your location.",
                },
                { status: 403 },
              )
            : Response.json(report({ id: 9, kind: "surface_wet", mine: true }), { status: 201 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a condition" });
    await user.click(within(dialog).getByRole("radio", { name: "Surface wet" }));
    await user.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /Only players at the court can report/,
    );
    await user.click(within(dialog).getByRole("button", { name: "Share location and report" }));
    expect(await screen.findByText("Thanks for the report")).toBeInTheDocument();
    expect(bodyOf(fetchMock, "POST", "/api/courts/7/conditions")).toEqual([
      { kind: "surface_wet" },
      { kind: "surface_wet", position: { latitude: 33.9859, longitude: -118.4732 } },
    ]);
  });

  it("confirms another player's report, with the position when not checked in", async () => {
    const user = userEvent.setup();
    fakeGeolocation({ position: { latitude: 33.9859, longitude: -118.4732 } });
    let confirmed = false;
    let posts = 0;
    const { fetchMock } = renderWithApi(<ConditionsCard court={court} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/conditions": () =>
          Response.json([
            report({ id: 4, confirmations: confirmed ? 1 : 0, confirmedByViewer: confirmed }),
            report({ id: 5, kind: "lights_out", mine: true }),
          ]),
        "POST /api/court-conditions/4/confirm": () => {
          if (++posts === 1)
            return Response.json(
              { message: "Only players at the court can report." },
              { status: 403 },
            );
          confirmed = true;
          return Response.json(report({ id: 4, confirmations: 1, confirmedByViewer: true }));
        },
      },
    });
    // One's own report cannot be confirmed.
    expect(await screen.findByRole("button", { name: "Confirm Court full" })).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Confirm Lights not working" }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm Court full" }));
    expect(await screen.findByText("Thanks for confirming")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Confirm Court full" })).toHaveTextContent(
        "Confirmed",
      ),
    );
    expect(bodyOf(fetchMock, "POST", "/api/court-conditions/4/confirm")).toEqual([
      {},
      { position: { latitude: 33.9859, longitude: -118.4732 } },
    ]);
  });
});
