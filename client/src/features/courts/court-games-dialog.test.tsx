import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { SAMPLE_COURTS } from "@/test-support/test-courts.ts";
import { testUser } from "@/test-support/test-user.ts";
import { CourtGamesDialog } from "./court-games-dialog.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the court's games dialog", () => {
  it("offers to create a game at that court", async () => {
    const court = SAMPLE_COURTS[0];
    if (!court) throw new Error("no sample court");
    const { location } = renderWithApi(<CourtGamesDialog court={court} onClose={() => {}} />, {
      user: testUser(),
      path: "/courts",
      routes: { [`/api/courts/${court.id}/games`]: Response.json([]) },
    });
    const dialog = screen.getByRole("dialog", { name: `Join a game at ${court.name}` });
    expect(await within(dialog).findByText("No upcoming games at this court yet")).toBeVisible();
    const create = within(dialog).getByRole("link", { name: "Create a game here" });
    expect(create).toHaveAttribute("href", `/games/create?courtId=${court.id}`);
    await userEvent.click(create);
    expect(location.history?.at(-1)).toBe(`/games/create?courtId=${court.id}`);
  });
});
