import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  renderProfileFeature,
  testProfile,
  ZERO_STATS,
} from "@/test-support/render-profile-feature.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { BadgesPanel } from "./badges-panel.tsx";
import { ProfileCard } from "./profile-card.tsx";
import { SkillsPanel } from "./skills-panel.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("ProfileCard", () => {
  it("shows the nickname, position, location and the three counters from the stats", async () => {
    renderProfileFeature(<ProfileCard />, {
      user: testUser({ profileImageUrl: "https://example.com/me.png" }),
      profile: testProfile({ location: null }),
      stats: { ...ZERO_STATS, gamesPlayed: 4, courtsVisited: 2, brosConnected: 9 },
    });
    expect(await screen.findByRole("heading", { name: "Splash" })).toBeInTheDocument();
    expect(screen.getByText("Shooting Guard")).toBeInTheDocument();
    expect(screen.getByText("Location not set")).toBeInTheDocument();
    expect(document.querySelector("img")).toHaveAttribute("src", "https://example.com/me.png");
    expect(await screen.findByText("4")).toBeInTheDocument();
    expect(screen.getByText("Games").parentElement).toHaveTextContent("4");
    expect(screen.getByText("Courts").parentElement).toHaveTextContent("2");
    expect(screen.getByText("Bros").parentElement).toHaveTextContent("9");
  });

  it("shows where the player lives when they chose no area, as every screen does", async () => {
    renderProfileFeature(<ProfileCard />, {
      user: testUser({ city: "Los Angeles", state: "CA" }),
      profile: testProfile({ location: null }),
    });
    expect(await screen.findByText("Los Angeles, CA")).toBeInTheDocument();
    expect(screen.queryByText("Location not set")).toBeNull();
  });

  it("says 'Profile not found' without a profile", async () => {
    renderProfileFeature(<ProfileCard />);
    expect(await screen.findByText("Profile not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Set up your profile" })).toHaveAttribute(
      "href",
      "/profile-setup",
    );
  });
});

describe("SkillsPanel", () => {
  it("draws each skill as five dots and lists the positions", async () => {
    renderProfileFeature(<SkillsPanel />, {
      profile: testProfile({ skillIq: 4, secondaryPosition: "Small Forward" }),
    });
    const iq = await screen.findByText("Basketball IQ");
    const row = iq.parentElement as HTMLElement;
    expect(row).toHaveTextContent("4 out of 5");
    const dots = row.querySelectorAll("dd [aria-hidden] > span");
    expect(dots).toHaveLength(5);
    expect([...dots].filter((d) => d.className.includes("bg-primary"))).toHaveLength(4);
    for (const label of ["Ball Handling", "Shooting", "Athleticism", "Defense"]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText("Shooting Guard")).toBeInTheDocument();
    expect(screen.getByText("Small Forward")).toBeInTheDocument();
  });

  it("shows where the player lives when they chose no area, as every screen does", async () => {
    renderProfileFeature(<ProfileCard />, {
      user: testUser({ city: "Los Angeles", state: "CA" }),
      profile: testProfile({ location: null }),
    });
    expect(await screen.findByText("Los Angeles, CA")).toBeInTheDocument();
    expect(screen.queryByText("Location not set")).toBeNull();
  });

  it("says 'Profile not found' without a profile", async () => {
    renderProfileFeature(<SkillsPanel />);
    expect(await screen.findByText("Profile not found")).toBeInTheDocument();
  });
});

describe("BadgesPanel", () => {
  it("always shows all six badges, the unearned ones dimmed", async () => {
    renderProfileFeature(<BadgesPanel />, {
      badges: [{ id: 3, badgeType: "court_king", earnedAt: "2026-03-04T12:00:00.000Z" }],
    });
    const king = await screen.findByText("Earned Mar 4, 2026");
    expect(king.closest("li")).toHaveAttribute("data-earned", "true");
    expect(within(king.closest("li") as HTMLElement).getByText("Court King")).toBeInTheDocument();
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".font-semibold")?.textContent)).toEqual([
      "Hot Shooter",
      "Iron Bro",
      "Court King",
      "Shot Caller",
      "MVP",
      "Legend",
    ]);
    expect(items.filter((li) => li.dataset.earned === "false")).toHaveLength(5);
    expect(screen.getAllByText("Not earned yet")).toHaveLength(5);
    // Each says how it is earned.
    expect(within(items[0] as HTMLElement).getByText("Win 3 games in a row")).toBeInTheDocument();
    expect(within(items[5] as HTMLElement).getByText("Play 50 games")).toBeInTheDocument();
  });
});
