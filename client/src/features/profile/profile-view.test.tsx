import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inBrowserTimeZone } from "@/test-support/browser-time-zone.ts";
import { testUser } from "@/test-support/test-user.ts";
import {
  renderProfileFeature,
  testProfile,
  ZERO_STATS,
} from "../../test-support/render-profile-feature.tsx";
import { ProfileView } from "./profile-view.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("profile page", () => {
  it("shows the header fallbacks for a player without a profile", async () => {
    renderProfileFeature(<ProfileView />, { user: testUser({ firstName: "Jordan" }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Jordan" })).toBeInTheDocument();
    expect(screen.getByText("Location not set")).toBeInTheDocument();
    expect(screen.getByText("Position not set")).toBeInTheDocument();
    expect(await screen.findByText("J")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/profile-setup");
  });

  it("shows the area the player chose, else their city (one definition everywhere)", async () => {
    const view = renderProfileFeature(<ProfileView />, {
      user: testUser({ city: "Los Angeles", state: "CA" }),
      profile: testProfile({ location: null }),
    });
    expect(await screen.findByText("Los Angeles, CA")).toBeInTheDocument();
    view.unmount();
    renderProfileFeature(<ProfileView />, {
      user: testUser({ city: "Los Angeles", state: "CA" }),
      profile: testProfile({ location: "Venice Beach" }),
    });
    expect(await screen.findByText("Venice Beach")).toBeInTheDocument();
    expect(screen.queryByText("Los Angeles, CA")).toBeNull();
  });

  it("falls back to 'Baller' and the e-mail's initial without a first name", async () => {
    renderProfileFeature(<ProfileView />, {
      user: testUser({ firstName: null, email: "zed@example.com" }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Baller" })).toBeInTheDocument();
    expect(await screen.findByText("Z")).toBeInTheDocument();
  });

  it("shows the profile, the counters and the four tabs", async () => {
    const user = userEvent.setup();
    renderProfileFeature(<ProfileView />, {
      profile: testProfile(),
      stats: { ...ZERO_STATS, gamesPlayed: 7, courtsVisited: 3, brosConnected: 12, winRate: 0 },
      games: [
        {
          id: 9,
          title: "Sunset Run",
          court: { name: "Venice Beach Courts", timeZone: "America/Los_Angeles" },
          scheduledAt: "2026-01-05T02:00:00.000Z",
          status: "completed",
        },
      ],
      badges: [{ id: 1, badgeType: "iron_bro", earnedAt: "2026-01-01T00:00:00.000Z" }],
    });
    const name = await screen.findByRole("heading", { level: 1, name: "Splash" });
    const header = within(name.closest("header") as HTMLElement);
    expect(header.getByText("Venice Beach")).toBeInTheDocument();
    expect(header.getByText("Shooting Guard")).toBeInTheDocument();
    const counters = await screen.findByText("Games Played");
    expect(counters.parentElement).toHaveTextContent("7");
    expect(screen.getByText("Courts Visited").parentElement).toHaveTextContent("3");
    expect(screen.getByText("Bros Connected").parentElement).toHaveTextContent("12");

    // Skills first: five dots per skill, with the value read out.
    expect(screen.getByRole("tab", { name: "Skills" })).toHaveAttribute("aria-selected", "true");
    const skills = screen.getByRole("tabpanel");
    expect(within(skills).getByText("Shooting").parentElement).toHaveTextContent("5 out of 5");
    expect(within(skills).getByText("Defense").parentElement).toHaveTextContent("1 out of 5");

    await user.click(screen.getByRole("tab", { name: "Games" }));
    const games = screen.getByRole("tabpanel");
    expect(within(games).getByRole("link", { name: "Sunset Run" })).toHaveAttribute(
      "href",
      "/game/9",
    );
    expect(within(games).getByText("Venice Beach Courts")).toBeInTheDocument();
    expect(within(games).getByText("Completed")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Badges" }));
    expect(within(screen.getByRole("tabpanel")).getAllByRole("listitem")).toHaveLength(6);

    await user.click(screen.getByRole("tab", { name: "Stats" }));
    const stats = screen.getByRole("tabpanel");
    for (const [label, value] of [
      ["Win Rate", "0%"],
      ["Avg Rating", "0.0"],
      ["Time Played", "0h"],
      ["Current Streak", "0"],
    ]) {
      expect(within(stats).getByText(label as string).parentElement).toHaveTextContent(
        value as string,
      );
    }
  });

  it.each([
    [{ gamesPlayed: 0 }, /start counting after your first game/],
    [{ gamesPlayed: 3, winRate: 67, avgRating: 0 }, /rating shows once other players rate you/],
    [{ gamesPlayed: 3, winRate: 67, avgRating: 4.5, totalHours: 6 }, null],
  ])("the Stats tab's note follows the numbers (%o)", async (numbers, note) => {
    const user = userEvent.setup();
    renderProfileFeature(<ProfileView />, {
      profile: testProfile(),
      stats: { ...ZERO_STATS, ...numbers },
    });
    await user.click(await screen.findByRole("tab", { name: "Stats" }));
    const panel = screen.getByRole("tabpanel");
    await within(panel).findByText("Win Rate");
    expect(within(panel).queryByText(/results are recorded/)).toBeNull();
    if (note) expect(within(panel).getByText(note)).toBeInTheDocument();
    else expect(within(panel).queryByText(/start counting|rating shows/)).toBeNull();
  });

  it("says 'No recent games' when the player has none", async () => {
    const user = userEvent.setup();
    renderProfileFeature(<ProfileView />, { profile: testProfile() });
    await user.click(await screen.findByRole("tab", { name: "Games" }));
    expect(await screen.findByText("No recent games")).toBeInTheDocument();
  });
});

describe("the Games tab, read in a browser in Tokyo", () => {
  inBrowserTimeZone("Asia/Tokyo");

  it("shows a game's time on its court's clock, with the court's zone", async () => {
    const user = userEvent.setup();
    // 6:30 PM on Saturday, November 28, 2026 in Los Angeles; 11:30 AM on Sunday in Tokyo.
    const scheduledAt = "2026-11-29T02:30:00.000Z";
    expect(new Date(scheduledAt).getHours()).toBe(11);
    renderProfileFeature(<ProfileView />, {
      profile: testProfile(),
      games: [
        {
          id: 11,
          title: "Saturday Run",
          court: { name: "Venice Beach Courts", timeZone: "America/Los_Angeles" },
          scheduledAt,
          status: "open",
        },
      ],
    });
    await user.click(await screen.findByRole("tab", { name: "Games" }));
    const games = screen.getByRole("tabpanel");
    const time = await within(games).findByText(
      (_, element) =>
        element?.tagName === "TIME" && element.textContent === "Sat, Nov 28, 6:30 PM PT",
    );
    expect(time).toHaveAttribute("datetime", scheduledAt);
  });
});
