import type { ShowingUp } from "@common/attendance.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GoNoGoLine } from "@/components/go-no-go-line.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { ShowingUpCard } from "./showing-up-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const record = (userId: string, present: number, expected: number, lateDrops = 0) => ({
  userId,
  present,
  expected,
  lateDrops,
});

function showingUp(overrides: Partial<ShowingUp> = {}): ShowingUp {
  return {
    gameId: 7,
    maxPlayers: 10,
    minReliability: null,
    seated: [
      {
        userId: "organizer-1",
        name: "Showtime",
        present: false,
        record: record("organizer-1", 18, 19, 1),
      },
      { userId: "player-2", name: "Rookie", present: false, record: record("player-2", 1, 2) },
    ],
    line: [{ userId: "player-3", name: "Waiter", record: record("player-3", 5, 5) }],
    expectedTurnout: 8.7,
    fullChance: 0.9,
    attendance: { open: false, closed: false },
    ...overrides,
  };
}

const renderCard = (options: {
  userId?: string;
  game?: ReturnType<typeof testGame>;
  data?: ShowingUp;
  routes?: Record<string, Response | (() => Response)>;
}) =>
  renderWithApi(<ShowingUpCard gameId={7} />, {
    user: testUser({ id: options.userId ?? "player-2" }),
    routes: {
      "/api/games/7": Response.json(options.game ?? testGame()),
      "/api/games/7/showing-up": Response.json(options.data ?? showingUp()),
      ...options.routes,
    },
  });

describe("the Showing up card", () => {
  it("shows each seat's and each waiting player's record, and the chance the game fills", async () => {
    renderCard({});
    const seats = await screen.findByRole("list", { name: "Seated players" });
    const rows = within(seats)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "ShowtimeShows up: 18 of 19 · 1 late drop",
      "RookieNew: fewer than 3 games",
    ]);
    expect(
      within(screen.getByRole("list", { name: "Waiting line" })).getByText("Shows up: 5 of 5"),
    ).toBeInTheDocument();
    expect(screen.getByText("Likely full · 90%")).toBeInTheDocument();
    expect(screen.getByText(/expected turnout 8.7 of 10/)).toBeInTheDocument();
    // A player sees no attendance controls.
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows no chance of reaching a minimum when the game has none", async () => {
    renderCard({});
    await screen.findByText("Likely full · 90%");
    expect(screen.queryByText(/ on · /)).not.toBeInTheDocument();
  });

  it("shows the chance the seated players reach the go/no-go minimum until the decision", async () => {
    const goNoGo = {
      minPlayers: 2,
      decideBeforeMinutes: 180,
      decideAt: new Date(Date.now() + 21 * 3_600_000).toISOString(),
      playAnyway: false,
      decision: null,
    };
    // Showtime shows with (18 + 4) / (19 + 1 + 5) = 0.88, Rookie with (1 + 4) / (2 + 5) = 5/7:
    // both show with 0.88 × 5/7 ≈ 63%; at least one with 1 − 0.12 × 2/7 ≈ 97%.
    const { unmount } = renderCard({ game: testGame({ goNoGo }) });
    expect(await screen.findByText("Maybe on · 63%")).toBeInTheDocument();
    expect(screen.getByText(/minimum 2 players/)).toBeInTheDocument();
    expect(screen.getByText("Likely full · 90%")).toBeInTheDocument();
    unmount();
    renderCard({ game: testGame({ goNoGo: { ...goNoGo, minPlayers: 1 } }) });
    expect(await screen.findByText("Likely on · 97%")).toBeInTheDocument();
  });

  it("gives way to the decision once the game is decided", async () => {
    const game = testGame({
      currentPlayers: 2,
      goNoGo: {
        minPlayers: 2,
        decideBeforeMinutes: 180,
        decideAt: new Date(Date.now() - 60_000).toISOString(),
        playAnyway: false,
        decision: "on",
      },
    });
    renderWithApi(
      <>
        <GoNoGoLine game={game} />
        <ShowingUpCard gameId={7} />
      </>,
      {
        user: testUser({ id: "player-2" }),
        routes: {
          "/api/games/7": Response.json(game),
          "/api/games/7/showing-up": Response.json(showingUp()),
        },
      },
    );
    await screen.findByText("Likely full · 90%");
    expect(screen.getByText("Game on", { exact: true })).toBeInTheDocument();
    expect(screen.queryByText(/ on · /)).not.toBeInTheDocument();
  });

  it("says when the organizer asks for a minimum reliability", async () => {
    renderCard({ data: showingUp({ minReliability: 80 }) });
    expect(
      await screen.findByText("Players here show up at least 80% of the time."),
    ).toBeInTheDocument();
  });

  it("lets the organizer mark a player present and close attendance once the game started", async () => {
    let marked = false;
    const posts: string[] = [];
    const { fetchMock } = renderCard({
      userId: "organizer-1",
      game: testGame({ status: "active" }),
      routes: {
        "/api/games/7/showing-up": () =>
          Response.json(
            showingUp({
              attendance: { open: true, closed: false },
              seated: showingUp().seated.map((s) => ({
                ...s,
                present: s.userId === "player-2" && marked,
              })),
            }),
          ),
        "POST /api/games/7/attendance": () => {
          marked = true;
          posts.push("mark");
          return Response.json({ ok: true });
        },
        "POST /api/games/7/attendance/close": () => {
          posts.push("close");
          return Response.json({ ok: true });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Mark Rookie present" }));
    await waitFor(() => expect(screen.getByText("Present")).toBeInTheDocument());
    const markCall = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/games/7/attendance" && init?.method === "POST",
    );
    expect(JSON.parse(String(markCall?.[1]?.body))).toEqual({ userId: "player-2" });
    expect(screen.queryByRole("button", { name: "Mark Rookie present" })).not.toBeInTheDocument();
    // The chance of filling is for games still to come.
    expect(screen.queryByText(/Likely full/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close attendance" }));
    await waitFor(() => expect(posts).toEqual(["mark", "close"]));
  });

  it("shows the server's reason when a mark is refused", async () => {
    renderCard({
      userId: "organizer-1",
      game: testGame({ status: "active" }),
      data: showingUp({ attendance: { open: true, closed: false } }),
      routes: {
        "POST /api/games/7/attendance": () =>
          Response.json({ message: "Attendance for this game is closed." }, { status: 409 }),
      },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Mark Rookie present" }));
    expect(await screen.findByText("Attendance for this game is closed.")).toBeInTheDocument();
  });
});
