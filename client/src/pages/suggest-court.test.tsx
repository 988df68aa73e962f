import { REPORT_THANKS } from "@common/moderation.ts";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { testSuggestion } from "@/features/court-suggestions/test-suggestions.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import SuggestCourtPage from "./suggest-court.tsx";

vi.mock("@/features/court-suggestions/point-picker-map.tsx", () => ({
  default: () => <p>Map</p>,
}));
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe("/courts/suggest", () => {
  it("offers Report on others' suggestions nearby, not on one's own, and reports by id", async () => {
    const bodies: unknown[] = [];
    renderWithApi(<SuggestCourtPage />, {
      user: testUser(),
      routes: {
        "/api/court-suggestions/mine": Response.json([
          testSuggestion({ id: 2, mine: true, courtName: "Oakwood" }),
        ]),
        "/api/court-suggestions/nearby": Response.json([
          testSuggestion({ id: 3, kind: "new", courtId: null, courtName: "Pier Park Courts" }),
        ]),
        "POST /api/reports": (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ id: 1 }, { status: 201 });
        },
      },
    });
    const nearby = await screen.findByRole("article", { name: "New court: Pier Park Courts" });
    const own = await screen.findByRole("article", { name: "Correction of Oakwood" });
    expect(within(own).queryByRole("button", { name: /^Report/ })).toBeNull();
    await userEvent.click(
      within(nearby).getByRole("button", {
        name: 'Report court suggestion "New court: Pier Park Courts"',
      }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: 'Report court suggestion "New court: Pier Park Courts"?',
    });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Sexual content" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(bodies).toEqual([{ kind: "court_suggestion", targetId: "3", reason: "sexual" }]);
  });
});
