import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  calledUrls,
  rankedEntries,
  renderLeaderboard,
  testCities,
  testEntry,
} from "@/test-support/test-leaderboard.tsx";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const LA = "/api/leaderboard/local?city=Los+Angeles&state=CA";
const AUSTIN = "/api/leaderboard/local?city=Austin&state=TX";

describe("the Local tab", () => {
  it("starts a signed-in player on their own city", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLeaderboard({
      user: testUser({ city: "Los Angeles", state: "CA" }),
      routes: {
        "/api/leaderboard/global": Response.json([]),
        "/api/leaderboard/cities": Response.json(testCities),
        [LA]: Response.json([testEntry({ nickname: "Venice Vic" })]),
      },
    });
    await screen.findByText("No players found");
    await user.click(screen.getByRole("tab", { name: "Local" }));
    const list = await screen.findByRole("list", { name: "Leaderboard for Los Angeles, CA" });
    expect(within(list).getByText("Venice Vic")).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toContain(LA);
    const city = screen.getByLabelText("City");
    await vi.waitFor(() =>
      expect(
        within(city).getByRole("option", { name: "Los Angeles, CA (12 players)" }),
      ).toHaveProperty("selected", true),
    );
  });

  it("lets a signed-in player look at another city", async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderLeaderboard({
      user: testUser({ city: "Los Angeles", state: "CA" }),
      path: "/leaderboard?tab=local",
      routes: {
        "/api/leaderboard/cities": Response.json(testCities),
        [LA]: Response.json(rankedEntries(3)),
        [AUSTIN]: Response.json([testEntry({ nickname: "Longhorn" })]),
      },
    });
    await screen.findByRole("list", { name: "Leaderboard for Los Angeles, CA" });
    await screen.findByRole("option", { name: "Austin, TX (2 players)" });
    await user.selectOptions(screen.getByLabelText("City"), "Austin, TX (2 players)");
    const list = await screen.findByRole("list", { name: "Leaderboard for Austin, TX" });
    expect(within(list).getByText("Longhorn")).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toContain(AUSTIN);
    expect(location.history?.at(-1)).toBe("/leaderboard?tab=local&city=Austin&state=TX");
  });

  it("offers a player's own city even when nobody there is ranked yet", async () => {
    renderLeaderboard({
      user: testUser({ city: "Fresno", state: "CA" }),
      path: "/leaderboard?tab=local",
      routes: {
        "/api/leaderboard/cities": Response.json(testCities),
        "/api/leaderboard/local?city=Fresno&state=CA": Response.json([]),
      },
    });
    expect(await screen.findByText("No players found")).toBeInTheDocument();
    const option = await screen.findByRole("option", { name: "Fresno, CA" });
    expect(option).toHaveProperty("selected", true);
  });

  it("asks a visitor to choose a city, then shows that city's leaderboard", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLeaderboard({
      routes: {
        "/api/leaderboard/global": Response.json([]),
        "/api/leaderboard/cities": Response.json(testCities),
        [AUSTIN]: Response.json([testEntry({ nickname: "Longhorn" })]),
      },
    });
    await user.click(screen.getByRole("tab", { name: "Local" }));
    expect(
      await screen.findByText("Choose a city to see its local leaderboard."),
    ).toBeInTheDocument();
    expect(calledUrls(fetchMock).filter((url) => url.includes("/local"))).toEqual([]);

    await screen.findByRole("option", { name: "Austin, TX (2 players)" });
    await user.selectOptions(screen.getByLabelText("City"), "Austin, TX (2 players)");
    const list = await screen.findByRole("list", { name: "Leaderboard for Austin, TX" });
    expect(within(list).getByText("Longhorn")).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toContain(AUSTIN);
    expect(screen.queryByText("Choose a city to see its local leaderboard.")).toBeNull();
  });

  it("asks a signed-in player without a city to choose one", async () => {
    renderLeaderboard({
      user: testUser({ city: null, state: null }),
      path: "/leaderboard?tab=local",
      routes: { "/api/leaderboard/cities": Response.json(testCities) },
    });
    expect(
      await screen.findByText("Choose a city to see its local leaderboard."),
    ).toBeInTheDocument();
  });

  it("opens a shared link's city, even for a visitor", async () => {
    const { fetchMock } = renderLeaderboard({
      path: "/leaderboard?tab=local&city=Austin&state=TX",
      routes: {
        "/api/leaderboard/cities": Response.json(testCities),
        [AUSTIN]: Response.json(rankedEntries(2)),
      },
    });
    expect(screen.getByRole("tab", { name: "Local" })).toHaveAttribute("aria-selected", "true");
    await screen.findByRole("list", { name: "Leaderboard for Austin, TX" });
    expect(calledUrls(fetchMock)).toEqual(
      expect.arrayContaining([AUSTIN, "/api/leaderboard/cities"]),
    );
  });

  it("still works when the list of cities cannot be loaded", async () => {
    renderLeaderboard({
      user: testUser({ city: "Los Angeles", state: "CA" }),
      path: "/leaderboard?tab=local",
      routes: { [LA]: Response.json(rankedEntries(1)) },
    });
    expect(await screen.findByText("The list of cities could not be loaded.")).toBeInTheDocument();
    await screen.findByRole("list", { name: "Leaderboard for Los Angeles, CA" });
  });
});
