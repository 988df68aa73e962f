import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearToasts, renderGameDetail } from "@/test-support/render-game-detail.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const organizer = testUser({ id: "organizer-1", firstName: "Marcus" });

describe("the organizer's tools", () => {
  it("raises the number of players", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      game: testGame({ currentPlayers: 10, maxPlayers: 10 }),
      routes: {
        "PATCH /api/games/7": (_init, state) => {
          state.game = testGame({ currentPlayers: 12, maxPlayers: 12 });
          return Response.json(state.game);
        },
      },
    });
    const field = await screen.findByLabelText("Number of players");
    await userEvent.clear(field);
    await userEvent.type(field, "12");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Game updated")).toBeInTheDocument();
    expect(sentBody("PATCH", "/api/games/7")).toEqual({ maxPlayers: 12 });
    expect(await screen.findByText("12 / 12 Players")).toBeInTheDocument();
  });

  it("refuses fewer players than hold a spot, sending nothing", async () => {
    const { calls } = renderGameDetail({
      user: organizer,
      game: testGame({ currentPlayers: 6, maxPlayers: 10 }),
    });
    const field = await screen.findByLabelText("Number of players");
    await userEvent.clear(field);
    await userEvent.type(field, "4");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("6 players already hold a spot.");
    expect(calls("PATCH", "/api/games/7")).toHaveLength(0);
  });

  it("'Need N more' asks nearby players and says how many heard, and who", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      game: testGame({ currentPlayers: 7, maxPlayers: 10 }),
      routes: {
        "POST /api/games/7/asks": () => Response.json({ asked: 2, names: ["Buckets", "Dimes"] }),
      },
    });
    const field = await screen.findByLabelText("Players needed");
    expect(field).toHaveValue(3);
    await userEvent.clear(field);
    await userEvent.type(field, "2");
    await userEvent.click(screen.getByRole("button", { name: "Need 2 more" }));
    expect(await screen.findByText("Asked 2 players")).toBeInTheDocument();
    expect(screen.getByText("Buckets, Dimes heard that you need more.")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/asks")).toEqual({ needed: 2 });
  });

  it("has no 'Need N more' on a full game, and no tools for anyone else", async () => {
    renderGameDetail({ user: organizer, game: testGame({ currentPlayers: 10, maxPlayers: 10 }) });
    await screen.findByLabelText("Number of players");
    expect(screen.queryByLabelText("Players needed")).toBeNull();
    vi.unstubAllGlobals();
  });

  it("shows no tools to a player", async () => {
    renderGameDetail({ user: testUser() });
    await screen.findByRole("list", { name: "Players" });
    expect(screen.queryByRole("heading", { name: "Fill your game" })).toBeNull();
  });
});
