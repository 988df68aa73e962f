import type { Game } from "@common/games.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomePage from "@/pages/home.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testGame } from "@/test-support/test-games.ts";
import { testPlayer } from "@/test-support/test-players.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const COURTS = [
  testCourt({ id: 1, name: "Venice Beach Courts" }),
  testCourt({ id: 2, name: "Pan Pacific Park", isIndoor: true, activePlayers: 0 }),
  testCourt({ id: 3, name: "Rancho Park", activePlayers: 0 }),
  testCourt({ id: 4, name: "Fourth Court", activePlayers: 0 }),
];

function renderHome(user = testUser(), games: Game[] = []) {
  return renderWithApi(<HomePage />, {
    user,
    routes: {
      "/api/courts/popular": Response.json(COURTS),
      "/api/players/nearby": Response.json([
        testPlayer({ id: "a", nickname: "Splash" }),
        testPlayer({ id: "b", nickname: "Dimes", isAvailable: false }),
      ]),
      "/api/games/my": Response.json(games),
    },
  });
}

const courtNames = () =>
  screen
    .getAllByRole("article")
    .map((a) => a.getAttribute("aria-label"))
    .filter((n) => n?.match(/Court|Park/));

describe("the home screen", () => {
  it("starts on Discover with location fallback, availability and bros looking to ball", async () => {
    renderHome();
    expect(screen.getByRole("tab", { name: "Discover" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Location not set")).toBeInTheDocument();
    expect(screen.getByText("Not available")).toBeInTheDocument();
    expect(await screen.findByText("1 bro nearby looking to ball")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse Courts" })).toHaveAttribute("href", "/courts");
  });

  it("lists the first 3 popular courts, and search and chips really filter them", async () => {
    renderHome();
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    expect(courtNames()).toEqual(["Venice Beach Courts", "Pan Pacific Park", "Rancho Park"]);
    await userEvent.type(
      screen.getByPlaceholderText("Search courts by name or location..."),
      "park",
    );
    expect(courtNames()).toEqual(["Pan Pacific Park", "Rancho Park"]);
    await userEvent.click(screen.getByRole("button", { name: "Indoor" }));
    expect(courtNames()).toEqual(["Pan Pacific Park"]);
    await userEvent.click(screen.getByRole("button", { name: "Active Now" }));
    expect(screen.getByText("No courts match your search.")).toBeInTheDocument();
  });

  it("shows the nearby players under 'Bros Looking to Ball'", async () => {
    renderHome(testUser({ latitude: 33.98, longitude: -118.47 }));
    expect(await screen.findByRole("article", { name: "Splash" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Bros Looking to Ball" })).toBeInTheDocument();
  });

  it("shows 'No Active Games' on My Games, and Find Games returns to Discover", async () => {
    renderHome();
    await userEvent.click(screen.getByRole("tab", { name: "My Games" }));
    expect(await screen.findByText("No Active Games")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "This Week's Stats" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Find Games" }));
    expect(screen.getByRole("tab", { name: "Discover" })).toHaveAttribute("aria-selected", "true");
  });

  it("lists current games (cancelled ones marked) and the first 3 completed as game cards", async () => {
    const done = (id: number, title: string) =>
      testGame({ id, title, status: "completed", scheduledAt: "2026-05-02T18:00:00Z" });
    renderHome(testUser(), [
      testGame({ id: 1, title: "Tonight's Run", status: "active" }),
      testGame({ id: 2, title: "Rained Out", status: "cancelled" }),
      testGame({ id: 3, title: "Next Week", status: "open" }),
      {
        ...done(4, "Last Saturday"),
        result: {
          teamAScore: 21,
          teamBScore: 18,
          winningTeam: "A",
          recordedAt: "2026-05-02T20:00Z",
        },
      },
      done(5, "Two Weeks Ago"),
      done(6, "Three Weeks Ago"),
      done(7, "A Month Ago"),
    ]);
    await userEvent.click(screen.getByRole("tab", { name: "My Games" }));
    const current = await screen.findByRole("list", { name: "Current games" });
    const titles = (list: HTMLElement) =>
      within(list)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent);
    expect(titles(current)).toEqual(["Tonight's Run", "Rained Out", "Next Week"]);
    expect(within(current).getByRole("article", { name: "Rained Out" })).toHaveTextContent(
      "Cancelled",
    );
    expect(within(current).getByRole("article", { name: "Tonight's Run" })).toHaveTextContent(
      "✓ Checked in",
    );
    const recent = screen.getByRole("list", { name: "Recent games" });
    expect(titles(recent)).toEqual(["Last Saturday", "Two Weeks Ago", "Three Weeks Ago"]);
    const last = within(recent).getByRole("article", { name: "Last Saturday" });
    expect(last).toHaveTextContent("21 – 18");
    expect(last).toHaveTextContent("+5 XP");
    expect(within(last).getByRole("link", { name: "View Last Saturday" })).toHaveAttribute(
      "href",
      "/game/4",
    );
    expect(screen.queryByText("No Active Games")).toBeNull();
  });

  it("has the Training placeholder with an honest early-access answer", async () => {
    renderHome();
    await userEvent.click(screen.getByRole("tab", { name: "Training" }));
    expect(screen.getByText("Solo training is coming soon.")).toBeInTheDocument();
    for (const feature of ["Progress tracking", "Training programs", "Stats dashboard"]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole("button", { name: "Request Early Access" }));
    expect(await screen.findByText("You're on our radar! 🏀")).toBeInTheDocument();
  });

  it("has the profile summary, its buttons and account links on Profile", async () => {
    renderHome();
    await userEvent.click(screen.getByRole("tab", { name: "Profile" }));
    expect(await screen.findByText("Profile not found")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Badges & Achievements" })).toBeInTheDocument();
    const links = {
      "Full Profile": "/profile",
      Leaderboard: "/leaderboard",
      "Edit Profile": "/profile-setup",
      Settings: "/settings",
      "Sign Out": "/api/logout",
    };
    for (const [name, href] of Object.entries(links)) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });
});
