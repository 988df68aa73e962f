import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testPlayer } from "@/test-support/test-players.ts";
import { testUser } from "@/test-support/test-user.ts";
import { PlayersDirectory } from "./players-directory.tsx";

afterEach(() => vi.unstubAllGlobals());

const PLAYERS = [
  testPlayer({ id: "a", nickname: "Splash", primaryPosition: "Shooting Guard", skillAverage: 4 }),
  testPlayer({ id: "b", nickname: "Dimes", primaryPosition: "Point Guard", skillAverage: 3 }),
  testPlayer({
    id: "c",
    nickname: "Rookie",
    primaryPosition: "Point Guard",
    skillAverage: 1.6,
    isAvailable: false,
  }),
];

function renderDirectory() {
  renderWithApi(<PlayersDirectory hasLocation />, {
    user: testUser(),
    routes: { "/api/players/nearby": Response.json(PLAYERS) },
  });
}

const names = () => screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));

describe("PlayersDirectory", () => {
  it("shows the players the page puts first (friends) before the rest, each with its extra", async () => {
    renderWithApi(
      <PlayersDirectory
        hasLocation
        firstIds={new Set(["c"])}
        cardExtra={(p) => <span>extra for {p.nickname}</span>}
      />,
      { user: testUser(), routes: { "/api/players/nearby": Response.json(PLAYERS) } },
    );
    await screen.findByRole("article", { name: "Splash" });
    expect(names()).toEqual(["Rookie", "Splash", "Dimes"]);
    expect(
      within(screen.getByRole("article", { name: "Dimes" })).getByText("extra for Dimes"),
    ).toBeInTheDocument();
  });

  it("lists nearby players in the server's order and filters by position, level, availability", async () => {
    renderDirectory();
    await screen.findByRole("article", { name: "Splash" });
    expect(names()).toEqual(["Splash", "Dimes", "Rookie"]);
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText("Position"), "Point Guard");
    expect(names()).toEqual(["Dimes", "Rookie"]);
    await user.click(screen.getByLabelText("Available now only"));
    expect(names()).toEqual(["Dimes"]);
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await user.selectOptions(screen.getByLabelText("Skill level"), "Beginner");
    expect(names()).toEqual(["Rookie"]);
    expect(
      within(screen.getByRole("article")).getByRole("button", { name: "Invite" }),
    ).toBeDisabled();
  });

  it("tells a player with no city that nobody finds them either, and where to set it", async () => {
    renderWithApi(<PlayersDirectory hasLocation={false} />, {
      user: testUser(),
      routes: { "/api/players/nearby": Response.json([]) },
    });
    const note = await screen.findByText(/Set your city to see the bros near you/);
    expect(note).toHaveTextContent("other players can't find you either");
    expect(within(note).getByRole("link", { name: "Set location" })).toHaveAttribute(
      "href",
      "/settings",
    );
  });
});
