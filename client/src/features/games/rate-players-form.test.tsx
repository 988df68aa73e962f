import { screen, within } from "@testing-library/react";
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

const me = testUser({ id: "player-1" });
const luis = () =>
  testParticipant({
    userId: "player-2",
    user: {
      id: "player-2",
      firstName: "Luis",
      profileImageUrl: null,
      profile: { nickname: "Lu Buckets", primaryPosition: "Center" },
    },
  });
const players = () => [organizerSeat(), testParticipant(), luis()];
const ratingOf = (player: string, rating: number) =>
  within(screen.getByRole("radiogroup", { name: player })).getByRole("radio", {
    name: `${rating} of 5`,
  });

describe("rating the players of a completed game", () => {
  it("starts from the ratings given before and sends only the players rated", async () => {
    const { sentBody } = renderGameDetail({
      user: me,
      game: testGame({ status: "completed" }),
      participants: players(),
      ratings: [{ userId: "organizer-1", rating: 4 }],
      routes: {
        "POST /api/games/7/ratings": (init) => {
          const { ratings } = JSON.parse(String(init?.body));
          return Response.json(ratings);
        },
      },
    });
    const form = await screen.findByRole("form", { name: "Rate players" });
    expect(ratingOf("Showtime", 4)).toBeChecked();
    // The viewer does not rate themself.
    expect(within(form).queryByRole("radiogroup", { name: "Splash" })).toBeNull();
    expect(ratingOf("Lu Buckets", 1)).not.toBeChecked();

    await userEvent.click(ratingOf("Showtime", 5));
    await userEvent.click(within(form).getByRole("button", { name: "Save Ratings" }));
    expect(await screen.findByText("Ratings saved")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/ratings")).toEqual({
      ratings: [{ userId: "organizer-1", rating: 5 }],
    });
    expect(ratingOf("Showtime", 5)).toBeChecked();
  });

  it("asks for at least one rating, and shows a refusal", async () => {
    const { calls } = renderGameDetail({
      user: me,
      game: testGame({ status: "completed" }),
      participants: players(),
      routes: {
        "POST /api/games/7/ratings": () =>
          Response.json({ message: "You did not play in this game." }, { status: 403 }),
      },
    });
    const form = await screen.findByRole("form", { name: "Rate players" });
    await userEvent.click(within(form).getByRole("button", { name: "Save Ratings" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Rate at least one player");
    expect(calls("POST", "/api/games/7/ratings")).toHaveLength(0);

    await userEvent.click(ratingOf("Lu Buckets", 3));
    await userEvent.click(within(form).getByRole("button", { name: "Save Ratings" }));
    expect(await within(form).findByText("You did not play in this game.")).toBeInTheDocument();
  });

  it("is offered only to players of a completed game", async () => {
    const view = renderGameDetail({
      user: testUser({ id: "someone-else" }),
      game: testGame({ status: "completed" }),
      participants: players(),
    });
    await screen.findByRole("list", { name: "Players" });
    expect(screen.queryByRole("heading", { name: "Rate Players" })).toBeNull();
    view.unmount();

    const { calls } = renderGameDetail({
      user: me,
      game: testGame({ status: "active" }),
      participants: players(),
    });
    await screen.findByRole("list", { name: "Players" });
    expect(screen.queryByRole("heading", { name: "Rate Players" })).toBeNull();
    expect(calls("GET", "/api/games/7/ratings")).toHaveLength(0);
  });
});
