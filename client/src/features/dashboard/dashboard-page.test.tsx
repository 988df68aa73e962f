import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DashboardPage from "@/pages/dashboard.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { REMIND_LATER_KEY } from "./profile-banner.tsx";

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const stat = (label: string) =>
  screen.getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("the dashboard", () => {
  it("uses the spec's fallbacks when data is missing, and no invented Games Won", async () => {
    renderWithApi(<DashboardPage />, { user: testUser({ firstName: null }) });
    expect(await screen.findByText("Welcome back, Bro!")).toBeInTheDocument();
    await vi.waitFor(() => expect(stat("Active Bros")).toBe("127"));
    expect(stat("Live Courts")).toBe("43");
    await vi.waitFor(() => expect(stat("Your Games")).toBe("3"));
    expect(stat("Games Won")).toBe("–");
  });

  it("shows no number while the counts load (issue 31): a placeholder holds each card", async () => {
    const never = () => new Promise<Response>(() => {});
    renderWithApi(<DashboardPage />, {
      user: testUser(),
      routes: { "/api/metrics": never, "/api/games/my": never, "/api/user/stats": never },
    });
    expect(await screen.findByText("Welcome back, Jordan!")).toBeInTheDocument();
    const cards = screen.getByText("Active Bros", { selector: "dt" }).closest("dl");
    for (const label of ["Active Bros", "Live Courts", "Your Games", "Games Won"]) {
      expect(stat(label)).toBe("Loading…");
    }
    expect(cards).not.toHaveTextContent(/\d/);
    expect(cards?.querySelectorAll("dd .animate-pulse")).toHaveLength(4);
  });

  it("shows a fallback only when a count failed or is missing, never while loading", async () => {
    renderWithApi(<DashboardPage />, {
      user: testUser(),
      routes: {
        "/api/metrics": Response.json({ activeUsers: 13 }),
        "/api/games/my": Response.json({ message: "Down" }, { status: 500 }),
        "/api/user/stats": () => new Promise<Response>(() => {}),
      },
    });
    await vi.waitFor(() => expect(stat("Active Bros")).toBe("13"));
    expect(stat("Live Courts")).toBe("43");
    await vi.waitFor(() => expect(stat("Your Games")).toBe("3"));
    expect(stat("Games Won")).toBe("Loading…");
  });

  it("welcomes a brand new player, and welcomes back one who was here before", async () => {
    const justNow = new Date(Date.now() - 5 * 60_000).toISOString();
    const fresh = renderWithApi(<DashboardPage />, { user: testUser({ createdAt: justNow }) });
    expect(await screen.findByText("Welcome, Jordan!")).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    fresh.unmount();
    const lastWeek = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
    renderWithApi(<DashboardPage />, { user: testUser({ createdAt: lastWeek }) });
    expect(await screen.findByText("Welcome back, Jordan!")).toBeInTheDocument();
  });

  it("shows real values: metrics, the caller's games, games won, upcoming games", async () => {
    renderWithApi(<DashboardPage />, {
      user: testUser(),
      routes: {
        "/api/metrics": Response.json({ activeUsers: 9, totalCourts: 0, gamesPlayed: 1 }),
        "/api/games/my": Response.json([testGame({ id: 3 }), testGame({ id: 4 })]),
        "/api/user/stats": Response.json({
          gamesPlayed: 4,
          wins: 2,
          points: 30,
          courtsVisited: 1,
          brosConnected: 2,
          winRate: 50,
          avgRating: 0,
          totalHours: 0,
          streak: 0,
        }),
        "/api/games/upcoming": Response.json([
          testGame({ id: 7, title: "Sunset Run", currentPlayers: 6, maxPlayers: 10 }),
          testGame({ id: 8, title: null, court: { ...testGame().court, name: "Rancho Park" } }),
          testGame({ id: 9, title: "Third Game" }),
          testGame({ id: 10, title: "Fourth Game" }),
        ]),
        "/api/games/chances?ids=7,8,9": Response.json({
          chances: [{ gameId: 7, onChance: 0.87, fullChance: 0.12 }],
        }),
      },
    });
    await vi.waitFor(() => expect(stat("Active Bros")).toBe("9"));
    expect(stat("Live Courts")).toBe("0");
    await vi.waitFor(() => expect(stat("Your Games")).toBe("2"));
    await vi.waitFor(() => expect(stat("Games Won")).toBe("2"));
    const game = (await screen.findByRole("link", { name: "Sunset Run" })).closest("li");
    expect(game).toHaveTextContent("Venice Beach Courts");
    expect(game).toHaveTextContent("6/10 players");
    expect(game).toHaveTextContent(/Tomorrow, \d{1,2}:\d{2} [AP]M/);
    // Will it happen, asked for the three games shown only.
    await vi.waitFor(() => expect(game).toHaveTextContent("Likely on · 87% · Unlikely full · 12%"));
    // Spec §9: the first 3; a game without a title shows its court's name.
    const upcoming = screen.getByRole("list", { name: "Upcoming games" });
    expect(
      within(upcoming)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Sunset Run", "Rancho Park", "Third Game"]);
  });

  it("shows the banner without a profile; Remind Me Later hides it for the session", async () => {
    const view = renderWithApi(<DashboardPage />, { user: testUser({ hasProfile: false }) });
    const banner = await screen.findByRole("region", { name: "Complete your profile" });
    expect(within(banner).getByRole("link", { name: "Complete Setup" })).toHaveAttribute(
      "href",
      "/profile-setup",
    );
    await userEvent.click(within(banner).getByRole("button", { name: "Remind Me Later" }));
    expect(screen.queryByRole("region", { name: "Complete your profile" })).toBeNull();
    expect(sessionStorage.getItem(REMIND_LATER_KEY)).toBe("1");
    view.unmount();
    renderWithApi(<DashboardPage />, { user: testUser({ hasProfile: false }) });
    await screen.findByText("Welcome back, Jordan!");
    expect(screen.queryByRole("region", { name: "Complete your profile" })).toBeNull();
  });

  it("computes the journey from real data and opens the check-in dialog from a marker", async () => {
    renderWithApi(<DashboardPage />, {
      user: testUser({ city: "Los Angeles", hasProfile: true }),
      routes: { "/api/courts/popular": Response.json([testCourt()]) },
    });
    const bar = await screen.findByRole("progressbar", { name: "Profile complete" });
    // A city and a profile: two of the five steps.
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    await userEvent.click(await screen.findByRole("button", { name: /Venice Beach Courts: 5/ }));
    const dialog = await screen.findByRole("dialog", { name: "Check into Court" });
    expect(dialog).toHaveTextContent("Venice Beach Courts");
  });

  it("fills Recent Activity with the player's games played and badges earned", async () => {
    renderWithApi(<DashboardPage />, {
      user: testUser(),
      routes: {
        "/api/games/my": Response.json([
          testGame({
            id: 5,
            title: "Sunday Run",
            status: "completed",
            endsAt: "2026-05-03T20:00:00Z",
          }),
        ]),
        "/api/user/achievements": Response.json([
          { id: 1, badgeType: "iron_bro", earnedAt: "2026-05-04T09:00:00Z" },
        ]),
      },
    });
    const feed = await screen.findByRole("list", { name: "Recent activity" });
    const items = within(feed).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining("Earned the Iron Bro badge"),
      expect.stringContaining("Played Sunday Run"),
    ]);
    expect(within(feed).getByRole("link", { name: "Played Sunday Run" })).toHaveAttribute(
      "href",
      "/game/5",
    );
  });
});
