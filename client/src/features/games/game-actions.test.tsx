import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  organizerSeat,
  renderGameDetail,
} from "@/test-support/render-game-detail.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testGame, testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const me = testUser();
const mySeat = () =>
  testParticipant({
    userId: me.id,
    user: { id: me.id, firstName: "Jordan", profileImageUrl: null, profile: null },
  });
const organizer = testUser({ id: "organizer-1", firstName: "Marcus" });

describe("the status of a game in progress", () => {
  it("is '✓ Checked in' for a player in it and 'In progress' for one who left or a visitor", async () => {
    const seated = renderGameDetail({
      user: me,
      game: testGame({ status: "active" }),
      participants: [organizerSeat(), mySeat()],
    });
    await screen.findByRole("list", { name: "Players" });
    const heading = () => screen.getByRole("heading", { level: 1 }).parentElement;
    await waitFor(() => expect(heading()).toHaveTextContent("✓ Checked in"));
    seated.unmount();

    for (const user of [me, null]) {
      const view = renderGameDetail({
        user,
        game: testGame({ status: "active" }),
        participants: [organizerSeat()],
      });
      await screen.findByRole("list", { name: "Players" });
      expect(heading()).toHaveTextContent("In progress");
      expect(heading()).not.toHaveTextContent("Checked in");
      view.unmount();
    }
  });
});

describe("join and leave", () => {
  it("joins: the success toast, then the refreshed game and players", async () => {
    let answer: () => void = () => {};
    const { calls } = renderGameDetail({
      user: me,
      routes: {
        "POST /api/games/7/join": async (_init, state) => {
          await new Promise<void>((resolve) => (answer = resolve));
          state.game = testGame({ currentPlayers: 4 });
          state.participants = [organizerSeat(), mySeat()];
          return Response.json(state.game);
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Join Game" }));
    expect(await screen.findByRole("button", { name: "Joining..." })).toBeDisabled();
    answer();

    expect(await screen.findByText("Joined game!")).toBeInTheDocument();
    expect(
      screen.getByText("You're now part of this game. See you on the court!"),
    ).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Leave Game" })).toBeEnabled();
    expect(screen.getByText("4 / 10 Players")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Players" })).getByText("Jordan")).toBeVisible();
    expect(calls("GET", "/api/games/7/participants")).toHaveLength(2);
  });

  it("shows the failure toast when the join is refused, and refreshes the game", async () => {
    const { calls } = renderGameDetail({
      user: me,
      routes: {
        "POST /api/games/7/join": (_init, state) => {
          state.game = testGame({ currentPlayers: 10 });
          return Response.json({ message: "This game is full." }, { status: 409 });
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Join Game" }));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to join game. Please try again.")).toBeInTheDocument();
    // Now full: a signed-in player is offered the waiting list.
    expect(await screen.findByRole("button", { name: "Join Waiting List" })).toBeEnabled();
    expect(calls("GET", "/api/games/7")).toHaveLength(2);
  });

  it("leaves: 'Leave Game' for a player with a seat, then the success toast", async () => {
    renderGameDetail({
      user: me,
      participants: [organizerSeat(), mySeat()],
      routes: {
        "POST /api/games/7/leave": (_init, state) => {
          state.participants = [organizerSeat()];
          return Response.json(state.game);
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Leave Game" }));
    expect(await screen.findByText("Left game")).toBeInTheDocument();
    expect(screen.getByText("You're no longer part of this game.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Join Game" })).toBeEnabled();
  });

  it("shows the failure toast when leaving fails", async () => {
    renderGameDetail({
      user: me,
      participants: [organizerSeat(), mySeat()],
      routes: { "POST /api/games/7/leave": () => new Response("Down", { status: 500 }) },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Leave Game" }));
    expect(await screen.findByText("Failed to leave game. Please try again.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Leave Game" })).toBeEnabled();
  });

  it("reads 'Game Full' and is disabled for a visitor when every spot is taken", async () => {
    renderGameDetail({ game: testGame({ currentPlayers: 10, maxPlayers: 10 }) });
    expect(await screen.findByRole("button", { name: "Game Full" })).toBeDisabled();
    expect(screen.getByText("No spots left")).toBeInTheDocument();
  });

  it.each(["active", "completed"] as const)("offers no join or leave once %s", async (status) => {
    renderGameDetail({ user: me, game: testGame({ status }), participants: [mySeat()] });
    await screen.findByRole("list", { name: "Players" });
    expect(screen.queryByRole("button", { name: /Join Game|Leave Game|Game Full/ })).toBeNull();
  });

  it("sends a visitor who presses Join Game to sign in", async () => {
    const { calls } = renderGameDetail();
    const join = await screen.findByRole("button", { name: "Join Game" });
    const location = stubLocation("http://localhost:3000/game/7");
    await userEvent.click(join);
    expect(location.href).toBe("/api/login?returnTo=%2Fgame%2F7");
    expect(calls("POST", "/api/games/7/join")).toHaveLength(0);
  });
});

describe("the organizer's view", () => {
  it("has no join or leave, and cancels only after confirming", async () => {
    const { calls } = renderGameDetail({
      user: organizer,
      routes: {
        "POST /api/games/7/cancel": (_init, state) => {
          state.game = testGame({ status: "cancelled" });
          return Response.json(state.game);
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Game" }));
    expect(screen.queryByRole("button", { name: /Join Game|Leave Game/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Message Organizer" })).toBeNull();

    const dialog = await screen.findByRole("dialog", { name: "Cancel this game?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep Game" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls("POST", "/api/games/7/cancel")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Cancel Game" }));
    await userEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel Game" }),
    );
    expect(await screen.findByText("Game cancelled")).toBeInTheDocument();
    expect(screen.getByText("Your players will see that it is called off.")).toBeInTheDocument();
    expect(await screen.findByText("This game was cancelled.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("button", { name: "Cancel Game" })).toBeNull();
  });

  it("a co-organizer of the game's run may cancel it and still join; other players may not", async () => {
    const runDate = testGame({ runId: 3 });
    const helper = renderGameDetail({
      user: me,
      game: runDate,
      participants: [organizerSeat()],
      routes: { "/api/runs/3/co-organizers": () => Response.json({ coOrganizers: [me.id] }) },
    });
    await screen.findByRole("button", { name: "Cancel Game" });
    expect(screen.getByRole("button", { name: "Join Game" })).toBeInTheDocument();
    helper.unmount();

    renderGameDetail({
      user: me,
      game: runDate,
      participants: [organizerSeat()],
      routes: {
        "/api/runs/3/co-organizers": () => Response.json({ coOrganizers: ["someone-else"] }),
      },
    });
    await screen.findByRole("button", { name: "Join Game" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancel Game" })).toBeNull());
  });

  it("says why a cancel was refused", async () => {
    renderGameDetail({
      user: organizer,
      routes: {
        "POST /api/games/7/cancel": () =>
          Response.json({ message: "This game has already started." }, { status: 409 }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Game" }));
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel Game" }),
    );
    expect(await screen.findByText("This game has already started.")).toBeInTheDocument();
  });
});

describe("calendar and share", () => {
  it("links Add to Calendar to the game's calendar file", async () => {
    renderGameDetail();
    const link = await screen.findByRole("link", { name: "Add to Calendar" });
    expect(link).toHaveAttribute("href", "/api/games/7/calendar.ics");
    expect(link).toHaveAttribute("download");
  });

  it("copies the link and says so when the browser has no share sheet", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    renderGameDetail();
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith("http://localhost:3000/game/7");
  });

  it("opens the share sheet with the title and link where there is one", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, share, clipboard: { writeText } });
    renderGameDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Share" }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: "Evening Run at Venice",
        url: "http://localhost:3000/game/7",
      }),
    );
    expect(writeText).not.toHaveBeenCalled();
  });
});
