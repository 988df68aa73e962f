import type { GoNoGo } from "@common/go-no-go-text.ts";
import { screen, within } from "@testing-library/react";
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
// 6:30 PM PT, decided at 3:30 PM PT the same day.
const scheduledAt = "2030-06-01T01:30:00.000Z";
const undecided: GoNoGo = {
  minPlayers: 8,
  decideBeforeMinutes: 180,
  decideAt: "2030-05-31T22:30:00.000Z",
  playAnyway: false,
  decision: null,
};
const gameWith = (goNoGo: GoNoGo | null, currentPlayers = 5) =>
  testGame({ scheduledAt, currentPlayers, goNoGo });

const panel = async () => screen.findByRole("region", { name: "Go / no-go" });

describe("the go/no-go on the game page", () => {
  it("tells a player how many more are needed by when, with no switch", async () => {
    renderGameDetail({ user: testUser(), game: gameWith(undecided) });
    const region = await panel();
    expect(region).toHaveTextContent("Needs 3 more by 3:30 PM PT");
    expect(within(region).queryByRole("switch")).toBeNull();
  });

  it("lets the organizer choose 'Play anyway', which is saved and shown", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      game: gameWith(undecided),
      routes: {
        "PUT /api/games/7/go-no-go": (_init, state) => {
          state.game = gameWith({ ...undecided, playAnyway: true });
          return Response.json(state.game);
        },
      },
    });
    const region = await panel();
    const toggle = within(region).getByRole("switch", { name: "Play anyway" });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await within(region).findByText("Playing anyway · 3 short of 8")).toBeVisible();
    expect(sentBody("PUT", "/api/games/7/go-no-go")).toEqual({
      minPlayers: 8,
      decideBeforeMinutes: 180,
      playAnyway: true,
    });
    expect(within(region).getByRole("switch", { name: "Play anyway" })).toBeChecked();
  });

  it("says why when the change is refused, and keeps the switch as it was", async () => {
    renderGameDetail({
      user: organizer,
      game: gameWith(undecided),
      routes: {
        "PUT /api/games/7/go-no-go": () =>
          Response.json({ message: "The decision time has already passed" }, { status: 400 }),
      },
    });
    const region = await panel();
    await userEvent.click(within(region).getByRole("switch", { name: "Play anyway" }));
    expect(await screen.findByText("The decision time has already passed")).toBeVisible();
    expect(within(region).getByRole("switch", { name: "Play anyway" })).not.toBeChecked();
  });

  it("says 'Game on' once decided, and offers the organizer no switch", async () => {
    renderGameDetail({ user: organizer, game: gameWith({ ...undecided, decision: "on" }, 8) });
    const region = await panel();
    expect(region).toHaveTextContent("Game on");
    expect(within(region).queryByRole("switch")).toBeNull();
  });

  it("shows nothing for a game without a minimum", async () => {
    renderGameDetail({ user: organizer, game: gameWith(null) });
    await screen.findByRole("list", { name: "Players" });
    expect(screen.queryByRole("region", { name: "Go / no-go" })).toBeNull();
  });
});
