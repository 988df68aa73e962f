import type { CourtKing } from "@common/court-kings.ts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { CourtKingsCard } from "./court-kings-card.tsx";
import { CrownsBanner } from "./crowns-banner.tsx";

afterEach(() => vi.unstubAllGlobals());

const king = (rank: number, nickname: string, points: number): CourtKing => ({
  rank,
  userId: `u${rank}`,
  nickname,
  profileImageUrl: null,
  points,
  wins: rank === 1 ? 2 : 0,
  games: 2,
  checkInDays: 1,
});

describe("Court Kings", () => {
  it("crowns the first of the board and lists the rest with their points", async () => {
    renderWithApi(<CourtKingsCard courtId={7} />, {
      user: null,
      routes: {
        "/api/courts/7/kings": Response.json([king(1, "Showtime", 11), king(2, "D-Train", 5)]),
      },
    });
    expect(await screen.findByText("Showtime rules this court")).toBeInTheDocument();
    const rows = within(screen.getByRole("list", { name: "Court Kings board" })).getAllByRole(
      "listitem",
    );
    expect(rows[0]).toHaveTextContent("1Showtime(Court King)11 pts2 wins · 2 games · 1 day");
    expect(rows[1]).toHaveTextContent("2D-Train5 pts0 wins · 2 games · 1 day");
    expect(
      screen.getByText(/2 points a game played, 3 more for a win, 1 a day checked in/),
    ).toBeInTheDocument();
  });

  it("invites players to claim an empty throne", async () => {
    renderWithApi(<CourtKingsCard courtId={7} />, {
      user: null,
      routes: { "/api/courts/7/kings": Response.json([]) },
    });
    expect(
      await screen.findByText("No king yet. Check in and play here to claim the crown."),
    ).toBeInTheDocument();
  });

  it("shows the reigning king their crowns on the profile, and nothing to others", async () => {
    const { unmount } = renderWithApi(<CrownsBanner />, {
      user: testUser(),
      routes: {
        "/api/user/crowns": Response.json([{ courtId: 7, courtName: "Venice Beach", points: 11 }]),
      },
    });
    expect(await screen.findByRole("heading", { name: "Court King" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Venice Beach · 11 pts" })).toHaveAttribute(
      "href",
      "/courts/7",
    );
    unmount();
    vi.unstubAllGlobals();
    const { fetchMock } = renderWithApi(<CrownsBanner />, {
      user: testUser(),
      routes: { "/api/user/crowns": Response.json([]) },
    });
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/user/crowns", expect.anything()),
    );
    expect(screen.queryByRole("heading", { name: "Court King" })).not.toBeInTheDocument();
  });
});
