import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { SuggestCourtView } from "./suggest-court-view.tsx";
import { testSuggestion } from "./test-suggestions.ts";

vi.mock("./point-picker-map.tsx", () => ({
  default: ({ onPick }: { onPick: (p: { latitude: number; longitude: number }) => void }) => (
    <button type="button" onClick={() => onPick({ latitude: 34.0123456789, longitude: -118.49 })}>
      Tap the map
    </button>
  ),
}));
afterEach(() => vi.unstubAllGlobals());

const newCourt = testSuggestion({
  id: 3,
  kind: "new",
  courtId: null,
  courtName: "Pier Park Courts",
  proposal: {
    name: "Pier Park Courts",
    address: null,
    isIndoor: false,
    lighting: true,
    freeToPlay: true,
    numberOfCourts: 2,
    closed: null,
  },
});

describe("/courts/suggest", () => {
  it("shows the player's suggestions with their state, and others' nearby to vote on", async () => {
    renderWithApi(<SuggestCourtView />, {
      user: testUser(),
      routes: {
        "/api/court-suggestions/mine": Response.json([
          testSuggestion({
            id: 1,
            mine: true,
            status: "accepted",
            decidedAt: "2026-06-03T12:00:00Z",
          }),
          testSuggestion({ id: 2, mine: true, status: "expired", courtName: "Oakwood" }),
        ]),
        "/api/court-suggestions/nearby": Response.json([newCourt]),
      },
    });
    const accepted = await screen.findByRole("article", {
      name: "Correction of Venice Beach Courts",
    });
    expect(accepted).toHaveTextContent("Accepted");
    expect(accepted).toHaveTextContent("decided Jun 3");
    expect(within(accepted).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Correction of Oakwood" })).toHaveTextContent(
      "Expired",
    );
    const nearby = screen.getByRole("article", { name: "New court: Pier Park Courts" });
    expect(nearby).toHaveTextContent("Outdoor · Lights · Free · 2 courts");
    expect(within(nearby).getByRole("button", { name: "This is right" })).toBeInTheDocument();
  });

  it("suggests a missing court at the point tapped on the map", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWithApi(<SuggestCourtView />, {
      user: testUser(),
      routes: {
        "/api/court-suggestions/mine": Response.json([]),
        "/api/court-suggestions/nearby": Response.json([]),
        "POST /api/court-suggestions": () => Response.json(newCourt, { status: 201 }),
      },
    });
    const form = await screen.findByRole("form", { name: "Add a missing court" });
    await user.click(within(form).getByRole("button", { name: "Suggest this court" }));
    expect(within(form).getByText("Name is required")).toBeInTheDocument();
    expect(within(form).getByText("Latitude must be a number from -90 to 90")).toBeInTheDocument();

    await user.click(await within(form).findByRole("button", { name: "Tap the map" }));
    expect(within(form).getByLabelText("Latitude")).toHaveValue("34.012346");
    await user.type(within(form).getByLabelText("Name"), "Pier Park Courts");
    await user.clear(within(form).getByLabelText("Number of courts"));
    await user.type(within(form).getByLabelText("Number of courts"), "2");
    await user.click(within(form).getByLabelText("Lights"));
    await user.click(within(form).getByRole("button", { name: "Suggest this court" }));
    expect(await screen.findByText("Court suggested")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      kind: "new",
      name: "Pier Park Courts",
      latitude: 34.012346,
      longitude: -118.49,
      isIndoor: false,
      lighting: true,
      freeToPlay: true,
      numberOfCourts: 2,
    });
  });

  it("shows the server's refusal, such as a court already mapped there", async () => {
    const user = userEvent.setup();
    renderWithApi(<SuggestCourtView />, {
      user: testUser(),
      routes: {
        "/api/court-suggestions/mine": Response.json([]),
        "/api/court-suggestions/nearby": Response.json([]),
        "POST /api/court-suggestions": () =>
          Response.json(
            { message: "A court is already mapped here: suggest a correction of it instead." },
            { status: 409 },
          ),
      },
    });
    const form = await screen.findByRole("form", { name: "Add a missing court" });
    await user.click(await within(form).findByRole("button", { name: "Tap the map" }));
    await user.type(within(form).getByLabelText("Name"), "Venice again");
    await user.click(within(form).getByRole("button", { name: "Suggest this court" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "A court is already mapped here",
    );
  });
});
