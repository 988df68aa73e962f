import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import GamesPage from "@/pages/games.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const venice = testGame().court;
const rancho = { ...venice, id: 2, name: "Rancho Park" };
const GAMES = [
  testGame({ id: 1, title: "Sunset Run", distanceMiles: 0.8 }),
  testGame({ id: 2, title: "Rancho Ballers", court: rancho, distanceMiles: 4.2 }),
  testGame({ id: 3, title: null, court: rancho, currentPlayers: 10, maxPlayers: 10 }),
];

const titles = () =>
  within(screen.getByRole("list", { name: "Upcoming games" }))
    .getAllByRole("heading")
    .map((h) => h.textContent);

const tomorrowRange = () => {
  const now = new Date();
  const day = (n: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() + n).toISOString();
  return `from=${encodeURIComponent(day(1))}&to=${encodeURIComponent(day(2))}`;
};

describe("/games", () => {
  it("lists the upcoming games as cards in the server's order, with a way to create one", async () => {
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: { "/api/games/upcoming": Response.json(GAMES) },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Join pickup games" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Create Game" })).toHaveAttribute(
      "href",
      "/games/create",
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading games...");
    await screen.findByRole("list", { name: "Upcoming games" });
    expect(titles()).toEqual(["Sunset Run", "Rancho Ballers", "Rancho Park"]);
    expect(screen.getByText("3 games found")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Sunset Run" })).toHaveTextContent("0.8 miles away");
  });

  it("says on each card how likely the game is to happen, asking once for the whole list", async () => {
    const asked: string[] = [];
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: {
        "/api/games/upcoming": Response.json(GAMES),
        "/api/games/chances": (_, url) => {
          asked.push(String(url));
          return Response.json({
            chances: [
              { gameId: 1, onChance: 0.87, fullChance: 0.12 },
              { gameId: 2, onChance: null, fullChance: 0.55 },
            ],
          });
        },
      },
    });
    const sunset = await screen.findByRole("article", { name: "Sunset Run" });
    await within(sunset).findByText(/Likely on · 87%/);
    expect(sunset).toHaveTextContent("Likely on · 87% · Unlikely full · 12%");
    expect(screen.getByRole("article", { name: "Rancho Ballers" })).toHaveTextContent(
      "Maybe full · 55%",
    );
    expect(screen.getByRole("article", { name: "Rancho Ballers" })).not.toHaveTextContent(/ on ·/);
    expect(asked).toEqual(["/api/games/chances?ids=1,2,3"]);
  });

  it("asks the server for the chosen day, court and open spots", async () => {
    const user = userEvent.setup();
    const filtered = `/api/games/upcoming?${tomorrowRange()}&courtId=2&openSpots=true`;
    const view = renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: {
        "/api/games/upcoming": Response.json(GAMES),
        [filtered]: Response.json([GAMES[1]]),
      },
    });
    await screen.findByRole("list", { name: "Upcoming games" });
    const court = screen.getByRole("combobox", { name: "Court" });
    // The courts that have upcoming games, each once, by name.
    expect(
      within(court)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Any court", "Rancho Park", "Venice Beach Courts"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "Tomorrow");
    await user.selectOptions(court, "Rancho Park");
    await user.click(screen.getByRole("checkbox", { name: "Only games with open spots" }));
    await vi.waitFor(() => expect(titles()).toEqual(["Rancho Ballers"]));
    expect(view.fetchMock).toHaveBeenCalledWith(filtered, expect.anything());
    expect(view.location.history?.at(-1)).toBe("/games?day=tomorrow&court=2&open=1");
  });

  it("filters by a picked date, from its local midnight to the next", async () => {
    const user = userEvent.setup();
    const from = encodeURIComponent(new Date(2030, 6, 4).toISOString());
    const to = encodeURIComponent(new Date(2030, 6, 5).toISOString());
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: {
        "/api/games/upcoming": Response.json(GAMES),
        [`/api/games/upcoming?from=${from}&to=${to}`]: Response.json([GAMES[2]]),
      },
    });
    await screen.findByRole("list", { name: "Upcoming games" });
    expect(screen.queryByLabelText("Date")).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "Pick a date");
    await user.type(screen.getByLabelText("Date"), "2030-07-04");
    await vi.waitFor(() => expect(titles()).toEqual(["Rancho Park"]));
    expect(screen.getByText("1 game found")).toBeInTheDocument();
  });

  it("says 'No games found' and offers to create one at the chosen court", async () => {
    const user = userEvent.setup();
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games?court=2",
      routes: {
        "/api/games/upcoming": Response.json(GAMES),
        "/api/games/upcoming?courtId=2": Response.json([]),
      },
    });
    expect(await screen.findByText("No games found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a game" })).toHaveAttribute(
      "href",
      "/games/create?courtId=2",
    );
    expect(screen.getByRole("combobox", { name: "Court" })).toHaveDisplayValue("Rancho Park");
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0] as HTMLElement);
    await screen.findByRole("list", { name: "Upcoming games" });
    expect(screen.getByRole("combobox", { name: "Court" })).toHaveDisplayValue("Any court");
  });

  it("says 'No games found' when nobody has scheduled one", async () => {
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: { "/api/games/upcoming": Response.json([]) },
    });
    expect(await screen.findByText("No games found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a game" })).toHaveAttribute(
      "href",
      "/games/create",
    );
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("shows an error with a retry when the games cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: {
        "/api/games/upcoming": () =>
          fail ? Response.json({ message: "Down." }, { status: 500 }) : Response.json(GAMES),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Games could not be loaded.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Upcoming games" })).toBeInTheDocument();
  });

  it("has the player's games and the games they organize in their own tabs", async () => {
    const user = userEvent.setup();
    const view = renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games",
      routes: {
        "/api/games/upcoming": Response.json(GAMES),
        "/api/games/my": Response.json([testGame({ id: 5, title: "My Seat" })]),
        "/api/games/my-games": Response.json([]),
      },
    });
    await user.click(screen.getByRole("tab", { name: "Your Games" }));
    const mine = await screen.findByRole("list", { name: "Your games" });
    expect(within(mine).getByRole("heading", { level: 3 })).toHaveTextContent("My Seat");
    expect(view.location.history?.at(-1)).toBe("/games?tab=yours");
    await user.click(screen.getByRole("tab", { name: "Games You Organize" }));
    expect(await screen.findByText("You don't organize any games yet.")).toBeInTheDocument();
    const panel = screen.getByRole("tabpanel", { name: "Games You Organize" });
    expect(within(panel).getByRole("link", { name: "Create Game" })).toHaveAttribute(
      "href",
      "/games/create",
    );
  });

  it("opens on the tab in the URL, and Find Games leads back to the finder", async () => {
    const user = userEvent.setup();
    renderWithApi(<GamesPage />, {
      user: testUser(),
      path: "/games?tab=yours",
      routes: { "/api/games/my": Response.json([]), "/api/games/upcoming": Response.json([]) },
    });
    expect(await screen.findByText("You haven't joined any games yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Find Games" }));
    expect(screen.getByRole("tab", { name: "Find Games" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await screen.findByText("No games found")).toBeInTheDocument();
  });
});
