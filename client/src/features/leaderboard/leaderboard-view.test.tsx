import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  calledUrls,
  rankedEntries,
  renderLeaderboard,
  testEntry,
} from "@/test-support/test-leaderboard.tsx";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const rowsOf = async (name: string) =>
  within(await screen.findByRole("list", { name })).getAllByRole("listitem");

function nth(rows: HTMLElement[], index: number): HTMLElement {
  const row = rows[index];
  if (!row) throw new Error(`No row ${index + 1}`);
  return row;
}

describe("the leaderboard page", () => {
  it("opens on Global, explains points, and fetches each tab's own leaderboard when shown", async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderLeaderboard({
      routes: {
        "/api/leaderboard/global": Response.json([testEntry({ nickname: "Splash" })]),
        "/api/leaderboard/weekly": Response.json([testEntry({ nickname: "Hot Hand" })]),
      },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeInTheDocument();
    expect(document.title).toMatch(/^Leaderboard/);
    expect(
      screen.getByText("5 points for every game played, 5 more for every win."),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Global",
      "Local",
      "Weekly",
    ]);
    expect(screen.getByRole("tab", { name: "Global" })).toHaveAttribute("aria-selected", "true");
    expect(await rowsOf("Global leaderboard")).toHaveLength(1);
    expect(screen.getByText("Splash")).toBeInTheDocument();
    expect(calledUrls(fetchMock)).not.toContain("/api/leaderboard/weekly");

    await user.click(screen.getByRole("tab", { name: "Weekly" }));
    expect(await rowsOf("Weekly leaderboard")).toHaveLength(1);
    expect(screen.getByText("Hot Hand")).toBeInTheDocument();
    expect(
      screen.getByText("Counts only games that ended in the last 7 days."),
    ).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toContain("/api/leaderboard/weekly");
    expect(location.history?.at(-1)).toBe("/leaderboard?tab=weekly");
    expect(calledUrls(fetchMock).filter((url) => url.includes("/local"))).toEqual([]);
  });

  it("opens the tab named in the address", async () => {
    const { fetchMock } = renderLeaderboard({
      path: "/leaderboard?tab=weekly",
      routes: { "/api/leaderboard/weekly": Response.json(rankedEntries(2)) },
    });
    expect(screen.getByRole("tab", { name: "Weekly" })).toHaveAttribute("aria-selected", "true");
    expect(await rowsOf("Weekly leaderboard")).toHaveLength(2);
    expect(calledUrls(fetchMock)).not.toContain("/api/leaderboard/global");
  });

  it("marks ranks 1 to 3 with icons and 'Rank n', later ranks '#n', in three row styles", async () => {
    renderLeaderboard({ routes: { "/api/leaderboard/global": Response.json(rankedEntries(12)) } });
    const rows = await rowsOf("Global leaderboard");
    expect(rows).toHaveLength(12);
    for (const [index, row] of rows.slice(0, 3).entries()) {
      expect(within(row).getByText(`Rank ${index + 1}`)).toBeInTheDocument();
      expect(row.querySelector("svg")).not.toBeNull();
      expect(row).not.toHaveTextContent(`#${index + 1}`);
      expect(row).toHaveAttribute("data-tier", "top");
    }
    const fourth = nth(rows, 3);
    expect(within(fourth).getByText("#4")).toBeInTheDocument();
    expect(within(fourth).getByText("Rank 4")).toBeInTheDocument();
    expect(fourth.querySelector("svg")).toBeNull();
    expect(rows.slice(3, 10).map((row) => row.dataset.tier)).toEqual(Array(7).fill("mid"));
    expect(rows.slice(10).map((row) => row.dataset.tier)).toEqual(["rest", "rest"]);
  });

  it("shows each player's details, a streak badge only above 0, and only the position without a location", async () => {
    renderLeaderboard({
      routes: {
        "/api/leaderboard/global": Response.json([
          testEntry({
            rank: 1,
            nickname: "splash",
            streak: 3,
            location: "Venice Beach",
            primaryPosition: "Shooting Guard",
            gamesPlayed: 12,
            winRate: 58,
            points: 95,
          }),
          testEntry({
            rank: 2,
            nickname: "Quiet",
            streak: 0,
            location: null,
            primaryPosition: "Center",
          }),
        ]),
      },
    });
    const rows = await rowsOf("Global leaderboard");
    const one = within(nth(rows, 0));
    const second = nth(rows, 1);
    expect(one.getByText("splash")).toBeInTheDocument();
    expect(one.getByText("S")).toBeInTheDocument();
    expect(one.getByText("3 win streak")).toBeInTheDocument();
    expect(one.getByText("Venice Beach · Shooting Guard")).toBeInTheDocument();
    expect(one.getByText("Games").parentElement).toHaveTextContent("12");
    expect(one.getByText("Win rate").parentElement).toHaveTextContent("58%");
    expect(one.getByText("Points").parentElement).toHaveTextContent("95");

    expect(second).not.toHaveTextContent("win streak");
    expect(within(second).getByText("Center")).toBeInTheDocument();
    expect(second).not.toHaveTextContent("·");
  });

  it("shows 5 skeleton rows while loading", async () => {
    renderLeaderboard({ routes: { "/api/leaderboard/global": () => new Promise(() => {}) } });
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Loading leaderboard...");
    expect(status.querySelectorAll("[data-skeleton-row]")).toHaveLength(5);
  });

  it("says 'No players found' for an empty leaderboard", async () => {
    renderLeaderboard({ routes: { "/api/leaderboard/global": Response.json([]) } });
    expect(await screen.findByText("No players found")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Global leaderboard" })).toBeNull();
  });

  it("says when the leaderboard failed and tries again on request", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderLeaderboard({
      routes: {
        "/api/leaderboard/global": () =>
          fail ? new Response("Boom", { status: 500 }) : Response.json(rankedEntries(1)),
      },
    });
    expect(await screen.findByText("The leaderboard could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await rowsOf("Global leaderboard")).toHaveLength(1);
  });

  it("marks the signed-in viewer's own row with (You)", async () => {
    renderLeaderboard({
      user: testUser({ id: "player-2" }),
      routes: { "/api/leaderboard/global": Response.json(rankedEntries(3)) },
    });
    const rows = await rowsOf("Global leaderboard");
    await vi.waitFor(() => expect(nth(rows, 1)).toHaveTextContent("(You)"));
    expect(nth(rows, 1)).toHaveAttribute("data-viewer", "true");
    expect(nth(rows, 0)).not.toHaveTextContent("(You)");
    expect(nth(rows, 2)).not.toHaveTextContent("(You)");
    expect(screen.getAllByText("(You)")).toHaveLength(1);
  });
});
