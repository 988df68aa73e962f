import type { Game } from "@common/games.ts";
import { REMOVE_REASON_REQUIRED } from "@common/organizer-tools.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useGame, useParticipants } from "@/lib/game-queries.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame, testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { RemovePlayers } from "./remove-players.tsx";

afterEach(() => vi.unstubAllGlobals());

const participants = [
  testParticipant({ userId: "organizer-1", isOrganizer: true, status: "confirmed" }),
  testParticipant({
    userId: "player-2",
    user: {
      id: "player-2",
      firstName: "Kenji",
      profileImageUrl: null,
      profile: { nickname: "Splash", primaryPosition: "Shooting Guard" },
    },
  }),
];

/** Says when the card's two reads have answered, so "shows nothing" is not read too early. */
function Loaded() {
  const game = useGame(7);
  const players = useParticipants(7);
  return game.data && players.data ? <p>loaded</p> : null;
}

function renderCard(
  options: { userId?: string; game?: Game; remove?: () => Response; coOrganizers?: string[] } = {},
) {
  const removeCalls: unknown[] = [];
  const view = renderWithApi(
    <>
      <Loaded />
      <RemovePlayers gameId={7} />
    </>,
    {
      user: testUser({ id: options.userId ?? "organizer-1" }),
      routes: {
        "/api/games/7": Response.json(options.game ?? testGame()),
        "/api/games/7/participants": Response.json(participants),
        "/api/runs/3/co-organizers": Response.json({ coOrganizers: options.coOrganizers ?? [] }),
        "POST /api/games/7/players/player-2/remove": (init) => {
          removeCalls.push(JSON.parse(String(init?.body)));
          return options.remove?.() ?? Response.json(testGame({ currentPlayers: 2 }));
        },
      },
    },
  );
  return { ...view, removeCalls };
}

describe("Remove a player", () => {
  it("asks the organizer why, sends the reason and says the player was told", async () => {
    const user = userEvent.setup();
    const { removeCalls } = renderCard();
    const list = await screen.findByRole("list", { name: "Players you can remove" });
    // The organizer's own seat has no button.
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    await user.click(within(list).getByRole("button", { name: "Remove Splash…" }));

    // No reason: the schema's message, nothing sent.
    await user.click(screen.getByRole("button", { name: "Remove Splash" }));
    expect(screen.getByText(REMOVE_REASON_REQUIRED)).toBeInTheDocument();
    expect(removeCalls).toEqual([]);

    await user.type(screen.getByLabelText("Why remove Splash?"), "Not a regular here");
    await user.click(screen.getByRole("button", { name: "Remove Splash" }));
    await waitFor(() => expect(removeCalls).toEqual([{ reason: "Not a regular here" }]));
    expect(await screen.findByText("Splash was removed and told why.")).toBeInTheDocument();
  });

  it("shows the server's refusal under the reason", async () => {
    const user = userEvent.setup();
    renderCard({
      remove: () => Response.json({ message: "This game has already started" }, { status: 409 }),
    });
    await user.click(await screen.findByRole("button", { name: "Remove Splash…" }));
    await user.type(screen.getByLabelText("Why remove Splash?"), "Late");
    await user.click(screen.getByRole("button", { name: "Remove Splash" }));
    expect(await screen.findByText("This game has already started")).toBeInTheDocument();
  });

  it("shows nothing to a player who is not the organizer, or once the game started", async () => {
    const asPlayer = renderCard({ userId: "player-2" });
    await screen.findByText("loaded");
    // (A toast left by an earlier test may still show its own close button.)
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Remove a player")).not.toBeInTheDocument();
    asPlayer.unmount();

    renderCard({ game: testGame({ status: "active" }) });
    await screen.findByText("loaded");
    // (A toast left by an earlier test may still show its own close button.)
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Remove a player")).not.toBeInTheDocument();
  });

  it("lets a co-organizer of the game's run remove the others, not themself", async () => {
    const player3 = testParticipant({
      userId: "player-3",
      user: { id: "player-3", firstName: "Ana", profileImageUrl: null, profile: null },
    });
    participants.push(player3);
    try {
      renderCard({
        userId: "player-2",
        game: testGame({ runId: 3 }),
        coOrganizers: ["player-2"],
      });
      const list = await screen.findByRole("list", { name: "Players you can remove" });
      expect(within(list).getAllByRole("listitem")).toHaveLength(1);
      expect(within(list).getByRole("button", { name: "Remove Ana…" })).toBeInTheDocument();
    } finally {
      participants.pop();
    }
  });
});
