import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  organizerSeat,
  renderGameDetail,
} from "@/test-support/render-game-detail.tsx";
import { testGame, testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const me = testUser();
const full = () => testGame({ currentPlayers: 10, maxPlayers: 10 });

describe("the waiting list on a full game", () => {
  it("offers 'Join Waiting List', then shows the place and 'Leave Waiting List'", async () => {
    const { calls } = renderGameDetail({
      user: me,
      game: full(),
      line: { waiting: 1, position: null },
      routes: {
        "POST /api/games/7/line": (_init, state) => {
          state.line = { waiting: 2, position: 2 };
          return Response.json(state.line);
        },
      },
    });
    expect(await screen.findByText("Game Full · 1 waiting")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Join Waiting List" }));
    expect(await screen.findByText("2nd in line")).toBeInTheDocument();
    expect(await screen.findByText("You're in line")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Waiting List" })).toBeEnabled();
    expect(calls("POST", "/api/games/7/line")).toHaveLength(1);
  });

  it("tells a player in line, on the page they have open, when the line gives them a spot (issue 31)", async () => {
    const { state, queryClient } = renderGameDetail({
      user: me,
      game: full(),
      line: { waiting: 1, position: 1 },
    });
    expect(await screen.findByText("1st in line")).toBeInTheDocument();
    expect(screen.queryByText("You're in!")).toBeNull();
    // A spot freed: the server seated them, and the page hears of it (a live event refetches).
    state.participants = [
      organizerSeat(),
      testParticipant({
        userId: me.id,
        user: { id: me.id, firstName: "Jordan", profileImageUrl: null, profile: null },
      }),
    ];
    state.line = { waiting: 0, position: null };
    await queryClient.invalidateQueries();
    expect(await screen.findByText("You're in!")).toBeInTheDocument();
    expect(
      screen.getByText("A spot opened up and it's yours. See you on the court!"),
    ).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Leave Game" })).toBeInTheDocument();
  });

  it("leaves the line", async () => {
    const { calls } = renderGameDetail({
      user: me,
      game: full(),
      line: { waiting: 3, position: 1 },
      routes: {
        "DELETE /api/games/7/line": (_init, state) => {
          state.line = { waiting: 2, position: null };
          return Response.json(state.line);
        },
      },
    });
    expect(await screen.findByText("1st in line")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Leave Waiting List" }));
    expect(await screen.findByRole("button", { name: "Join Waiting List" })).toBeEnabled();
    expect(await screen.findByText("Left the waiting list")).toBeInTheDocument();
    expect(calls("DELETE", "/api/games/7/line")).toHaveLength(1);
  });

  it("says why the line refused, e.g. once the game started", async () => {
    renderGameDetail({
      user: me,
      game: full(),
      routes: {
        "POST /api/games/7/line": () =>
          Response.json({ message: "This game has already started." }, { status: 409 }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Join Waiting List" }));
    expect(await screen.findByText("This game has already started.")).toBeInTheDocument();
  });

  it("a player with a spot sees 'Leave Game', not the line", async () => {
    renderGameDetail({
      user: me,
      game: full(),
      participants: [
        organizerSeat(),
        testParticipant({
          userId: me.id,
          user: { id: me.id, firstName: "Jordan", profileImageUrl: null, profile: null },
        }),
      ],
    });
    expect(await screen.findByRole("button", { name: "Leave Game" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Join Waiting List" })).toBeNull();
  });
});
