import { GAME_STARTED, MAX_PLAYERS_MESSAGE, WHEN_IN_PAST } from "@common/game-limits.ts";
import type { Run } from "@common/runs.ts";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { RunDetail } from "./run-detail.tsx";
import { RunLink } from "./run-link.tsx";

afterEach(() => vi.unstubAllGlobals());

const court = testGame().court; // Venice Beach, America/Los_Angeles
/** Tuesdays at 6:30 PM PT: one date before the March change (PST), two after (PDT). */
function testRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 3,
    courtId: court.id,
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
    court,
    regulars: [],
    upcoming: [
      {
        ...testGame({ id: 11, scheduledAt: "2030-03-06T02:30:00.000Z", currentPlayers: 4 }),
        runDate: "2030-03-05",
        opensAt: null,
      },
      {
        ...testGame({ id: 12, scheduledAt: "2030-03-13T01:30:00.000Z", status: "cancelled" }),
        runDate: "2030-03-12",
        opensAt: null,
      },
      {
        ...testGame({ id: 13, scheduledAt: "2030-03-20T01:30:00.000Z", currentPlayers: 10 }),
        runDate: "2030-03-19",
        opensAt: null,
      },
    ],
    ...overrides,
  };
}

describe("the run page", () => {
  it("shows the days and time on the court's clock and each date with its seats", async () => {
    renderWithApi(<RunDetail id={3} />, {
      user: null,
      routes: { "/api/runs/3": Response.json(testRun()) },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tuesday Run" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Tuesdays at 6:30 PM PT")).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Upcoming dates" })).getAllByRole(
      "listitem",
    );
    expect(items.map((i) => i.textContent)).toEqual([
      "Tue, Mar 5, 6:30 PM PT4/10 players · 6 spots left",
      "Tue, Mar 12, 6:30 PM PTCancelled",
      "Tue, Mar 19, 6:30 PM PT10/10 players · No spots left",
    ]);
    expect(screen.getByRole("link", { name: "Tue, Mar 19, 6:30 PM PT" })).toHaveAttribute(
      "href",
      "/game/13",
    );
    expect(screen.getByRole("link", { name: /calendar/ })).toHaveAttribute(
      "href",
      "/api/runs/3.ics",
    );
    expect(screen.queryByRole("button", { name: "End Run" })).not.toBeInTheDocument();
  });

  it("lets its organizer end it", async () => {
    const end = vi.fn(() => Response.json(testRun({ status: "ended" })));
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: { "/api/runs/3": Response.json(testRun()), "POST /api/runs/3/end": end },
    });
    await userEvent.click(await screen.findByRole("button", { name: "End Run" }));
    expect(await screen.findByText("This run has ended.")).toBeInTheDocument();
    expect(end).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "End Run" })).not.toBeInTheDocument();
  });

  it("says how long regulars go first, and when a date still theirs opens to everyone", async () => {
    const run = testRun({ earlyAccessHours: 24 });
    const [first, , last] = run.upcoming;
    if (!first || !last) throw new Error("the fixture has three dates");
    first.opensAt = "2030-03-04T02:00:00.000Z"; // to come
    last.opensAt = "2020-03-04T02:00:00.000Z"; // passed: open to everyone
    renderWithApi(<RunDetail id={3} />, {
      user: null,
      routes: { "/api/runs/3": Response.json(run) },
    });
    expect(
      await screen.findByText("Regulars get each new date 24 hours before everyone else."),
    ).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Upcoming dates" })).getAllByRole(
      "listitem",
    );
    expect(items.map((i) => i.textContent)).toEqual([
      "Tue, Mar 5, 6:30 PM PT4/10 players · 6 spots leftRegulars only for now: opens to everyone on Sun, Mar 3 at 6:00 PM PT",
      "Tue, Mar 12, 6:30 PM PTCancelled",
      "Tue, Mar 19, 6:30 PM PT10/10 players · No spots left",
    ]);
  });

  it("says when there is no such run", async () => {
    renderWithApi(<RunDetail id={3} />, { user: null });
    expect(await screen.findByRole("heading", { name: "Run not found" })).toBeInTheDocument();
  });
});

describe("regulars on the run page", () => {
  it("lists them, and a player follows counted in by default", async () => {
    const follow = vi.fn((init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { countMeIn: boolean };
      return Response.json(
        testRun({
          regulars: [
            { userId: "r1", name: "Showtime", countMeIn: false },
            { userId: "user-1", name: "Jordan", countMeIn: body.countMeIn },
          ],
        }),
      );
    });
    renderWithApi(<RunDetail id={3} />, {
      user: testUser(),
      routes: {
        "/api/runs/3": Response.json(
          testRun({ regulars: [{ userId: "r1", name: "Showtime", countMeIn: false }] }),
        ),
        "PUT /api/runs/3/regular": follow,
      },
    });
    expect(await screen.findByRole("list", { name: "Regulars" })).toHaveTextContent("Showtime");
    await userEvent.click(screen.getByRole("checkbox", { name: /Count me in by default/ }));
    expect(await screen.findByText("Jordan · counted in by default")).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Stop Following" })).toBeInTheDocument();
  });
});

describe("the link from a game to its run", () => {
  it("shows for a run's date only", async () => {
    renderWithApi(<RunLink gameId={11} />, {
      user: null,
      routes: { "/api/games/11": Response.json(testGame({ id: 11, runId: 3 })) },
    });
    expect(await screen.findByRole("link", { name: /weekly run/ })).toHaveAttribute(
      "href",
      "/runs/3",
    );
  });

  it("shows nothing for a game on its own", async () => {
    const { fetchMock } = renderWithApi(<RunLink gameId={7} />, {
      user: null,
      routes: { "/api/games/7": Response.json(testGame()) },
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("offers the organizer of an open game to repeat it weekly, and opens the new run", async () => {
    let posted: unknown;
    // Tuesday, March 3, 2026 at 6:30 PM PST; the next date is after the March change.
    const game = testGame({ id: 7, scheduledAt: "2026-03-04T02:30:00.000Z", runId: null });
    const { location } = renderWithApi(<RunLink gameId={7} />, {
      user: testUser({ id: game.organizerId }),
      routes: {
        "/api/games/7": Response.json(game),
        "POST /api/runs": (init) => {
          posted = JSON.parse(String(init?.body));
          return Response.json(testRun({ id: 9 }), { status: 201 });
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Repeat weekly" }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe("/runs/9"));
    expect(posted).toEqual({
      courtId: game.court.id,
      title: game.title,
      maxPlayers: game.maxPlayers,
      gameType: game.gameType,
      firstDate: "2026-03-10",
      startTime: "18:30",
      weekdays: [1], // Tuesday: runs count from Monday
    });
  });

  it("offers nothing to repeat to a player who is not the organizer", async () => {
    const { fetchMock } = renderWithApi(<RunLink gameId={7} />, {
      user: testUser({ id: "someone-else" }),
      routes: { "/api/games/7": Response.json(testGame({ id: 7 })) },
    });
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/games/7", expect.anything()),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "Repeat weekly" })).not.toBeInTheDocument();
  });
});

describe("the organizer's controls on the run page", () => {
  const dates = () =>
    within(screen.getByRole("list", { name: "Upcoming dates" })).getAllByRole("listitem");

  it("moves one date on the court's clock, and the list shows its new time", async () => {
    let body: unknown;
    const moved = testRun();
    const first = moved.upcoming[0];
    if (!first) throw new Error("the fixture has three dates");
    first.scheduledAt = "2030-03-06T03:00:00.000Z"; // 7:00 PM PST
    const patch = vi.fn((init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return Response.json(moved);
    });
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: {
        "/api/runs/3": Response.json(testRun()),
        "PATCH /api/runs/3/dates/2030-03-05": patch,
      },
    });
    await screen.findByRole("list", { name: "Upcoming dates" });
    // Open dates only: a cancelled one cannot be moved.
    expect(
      dates().map((d) => within(d).queryByRole("button", { name: /^Move…/ }) !== null),
    ).toEqual([true, false, true]);
    await userEvent.click(
      screen.getByRole("button", { name: "Move… the game of Tue, Mar 5, 6:30 PM PT" }),
    );
    const input = screen.getByLabelText("New date and time");
    expect(input).toHaveValue("2030-03-05T18:30");
    expect(input).toHaveAccessibleDescription("On the court's clock (PT).");
    fireEvent.change(input, { target: { value: "2030-03-05T19:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Move" }));
    expect(await screen.findByRole("link", { name: "Tue, Mar 5, 7:00 PM PT" })).toBeInTheDocument();
    expect(body).toEqual({ scheduledAt: "2030-03-05T19:00:00-08:00" });
    expect(patch).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText("New date and time")).not.toBeInTheDocument();
  });

  it("shows why a move is refused at the field: a past time before sending, the server's after", async () => {
    const patch = vi.fn(() =>
      Response.json(
        { message: GAME_STARTED, errors: { scheduledAt: GAME_STARTED } },
        { status: 409 },
      ),
    );
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: {
        "/api/runs/3": Response.json(testRun()),
        "PATCH /api/runs/3/dates/2030-03-19": patch,
      },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Move… the game of Tue, Mar 19, 6:30 PM PT" }),
    );
    const input = screen.getByLabelText("New date and time");
    fireEvent.change(input, { target: { value: "2020-03-19T19:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Move" }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(WHEN_IN_PAST));
    expect(patch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "2030-03-19T19:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Move" }));
    await vi.waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(GAME_STARTED)),
    );
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it("lets a co-organizer move dates, but not change or end the run", async () => {
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "helper-1" }),
      routes: {
        "/api/runs/3": Response.json(testRun()),
        "/api/runs/3/co-organizers": Response.json({ coOrganizers: ["helper-1"] }),
      },
    });
    expect(
      await screen.findByRole("button", { name: "Move… the game of Tue, Mar 5, 6:30 PM PT" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change from a date on" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "End Run" })).not.toBeInTheDocument();
  });

  it("shows a player who helps with nothing no controls", async () => {
    const { fetchMock } = renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "someone-else" }),
      routes: {
        "/api/runs/3": Response.json(testRun()),
        "/api/runs/3/co-organizers": Response.json({ coOrganizers: ["helper-1"] }),
      },
    });
    await screen.findByRole("list", { name: "Upcoming dates" });
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/runs/3/co-organizers", expect.anything()),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: /^Move…/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change from a date on" })).not.toBeInTheDocument();
  });

  it("changes the time and seats from a date on, and shows the run as answered", async () => {
    let body: unknown;
    const patch = vi.fn((init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return Response.json(testRun({ startTime: "19:00", maxPlayers: 12 }));
    });
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: { "/api/runs/3": Response.json(testRun()), "PATCH /api/runs/3": patch },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Change from a date on" }));
    const form = screen.getByRole("form", { name: "Change from a date on" });
    // Only dates still open: the cancelled one is not offered.
    expect(
      within(form)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Tue, Mar 5, 6:30 PM PT", "Tue, Mar 19, 6:30 PM PT"]);
    await userEvent.selectOptions(within(form).getByLabelText("From"), "Tue, Mar 19, 6:30 PM PT");
    fireEvent.change(within(form).getByLabelText("New time"), { target: { value: "19:00" } });
    await userEvent.type(within(form).getByLabelText("Seats"), "12");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Tuesdays at 7:00 PM PT")).toBeInTheDocument();
    expect(body).toEqual({ fromDate: "2030-03-19", startTime: "19:00", maxPlayers: 12 });
    expect(screen.getByRole("status")).toHaveTextContent("Saved");
  });

  it("asks for a change before sending, and shows the server's refusal at its field", async () => {
    const patch = vi.fn(() =>
      Response.json(
        { message: MAX_PLAYERS_MESSAGE, errors: { maxPlayers: MAX_PLAYERS_MESSAGE } },
        { status: 400 },
      ),
    );
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: { "/api/runs/3": Response.json(testRun()), "PATCH /api/runs/3": patch },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Change from a date on" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Change the time, the seats or the title",
    );
    expect(patch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Seats"), "12");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Seats")).toHaveAccessibleDescription(
        expect.stringContaining(MAX_PLAYERS_MESSAGE),
      ),
    );
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it("offers no change on a run that has ended", async () => {
    renderWithApi(<RunDetail id={3} />, {
      user: testUser({ id: "organizer-1" }),
      routes: { "/api/runs/3": Response.json(testRun({ status: "ended" })) },
    });
    expect(await screen.findByText("This run has ended.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change from a date on" })).not.toBeInTheDocument();
    // A date already made can still be moved: the server allows it on an ended run.
    expect(
      screen.getByRole("button", { name: "Move… the game of Tue, Mar 5, 6:30 PM PT" }),
    ).toBeInTheDocument();
  });
});
