import type { Run } from "@common/runs.ts";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { CoOrganizers } from "./co-organizers.tsx";
import { runQuery } from "./run-query.ts";

/** Shows once the run's read answered, so "not there" is not checked too early. */
function RunLoaded() {
  return useQuery(runQuery(3)).data ? <p>loaded</p> : null;
}

afterEach(() => vi.unstubAllGlobals());

const run: Run = {
  id: 3,
  courtId: 1,
  organizerId: "organizer-1",
  title: "Tuesday Run",
  gameType: "pickup",
  maxPlayers: 10,
  startTime: "18:30",
  weekdays: [1],
  intervalWeeks: 1,
  firstDate: "2030-03-05",
  untilDate: null,
  count: null,
  status: "active",
  earlyAccessHours: 0,
  court: testGame().court,
  regulars: [
    { userId: "player-2", name: "Splash", countMeIn: false },
    { userId: "player-3", name: "Rookie", countMeIn: true },
  ],
  upcoming: [],
};

describe("Co-organizers on the run page", () => {
  it("lets the organizer make a regular co-organizer and take it back", async () => {
    const user = userEvent.setup();
    const put = vi.fn(() => Response.json({ coOrganizers: ["player-3", "player-2"] }));
    const del = vi.fn(() => Response.json({ coOrganizers: ["player-2"] }));
    renderWithApi(<CoOrganizers runId={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: {
        "/api/runs/3": Response.json(run),
        "/api/runs/3/co-organizers": Response.json({ coOrganizers: ["player-3"] }),
        "PUT /api/runs/3/co-organizers/player-2": put,
        "DELETE /api/runs/3/co-organizers/player-3": del,
      },
    });
    const list = await screen.findByRole("list", { name: "Regulars who can help" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "SplashMake Splash co-organizer",
      "RookieCo-organizerRemove Rookie as co-organizer",
    ]);
    await user.click(screen.getByRole("button", { name: "Make Splash co-organizer" }));
    expect(
      await screen.findByRole("button", { name: "Remove Splash as co-organizer" }),
    ).toBeInTheDocument();
    expect(put).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Remove Rookie as co-organizer" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Make Rookie co-organizer" })).toBeInTheDocument(),
    );
    expect(del).toHaveBeenCalledTimes(1);
  });

  it("is not there for a regular", async () => {
    const { fetchMock } = renderWithApi(
      <>
        <CoOrganizers runId={3} />
        <RunLoaded />
      </>,
      {
        user: testUser({ id: "player-2" }),
        routes: { "/api/runs/3": Response.json(run) },
      },
    );
    await screen.findByText("loaded");
    expect(screen.queryByRole("list", { name: "Regulars who can help" })).not.toBeInTheDocument();
    expect(screen.queryByText("Co-organizers")).not.toBeInTheDocument();
    // It never asks who the co-organizers are.
    expect(fetchMock.mock.calls.map((c) => c[0])).not.toContain("/api/runs/3/co-organizers");
  });
});
