import type { GameResult } from "@common/games.ts";
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

const RESULT: GameResult = {
  teamAScore: 21,
  teamBScore: 18,
  winningTeam: "A",
  recordedAt: new Date().toISOString(),
};
const organizer = testUser({ id: "organizer-1", firstName: "Marcus" });
const splash = () => testParticipant();
const completed = (result: GameResult | null = null) => testGame({ status: "completed", result });
const resultsCard = () => screen.findByRole("heading", { level: 2, name: "Game Results" });
const resultForm = () => screen.getByRole("form", { name: /Record Result|Edit Result/ });
const teamOf = (player: string, team: "A" | "B") =>
  within(within(resultForm()).getByRole("radiogroup", { name: player })).getByRole("radio", {
    name: `Team ${team}`,
  });

describe("the Game Results card", () => {
  it("shows the score, the winner and the XP a winning player earned", async () => {
    renderGameDetail({
      user: testUser({ id: "player-1" }),
      game: completed(RESULT),
      participants: [organizerSeat(), testParticipant({ team: "A" })],
    });
    await resultsCard();
    expect(screen.getByText("Game completed successfully!")).toBeInTheDocument();
    expect(screen.getByText("Team A 21 – 18 Team B")).toBeInTheDocument();
    expect(screen.getByText("Team A wins")).toBeInTheDocument();
    const points = await screen.findByRole("list", { name: "Your points" });
    expect(
      within(points)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["+5 XP", "+5 XP win bonus"]);
  });

  it("gives a player on the losing side no win bonus, and a visitor no points", async () => {
    const view = renderGameDetail({
      user: testUser({ id: "player-1" }),
      game: completed(RESULT),
      participants: [organizerSeat(), testParticipant({ team: "B" })],
    });
    const points = await screen.findByRole("list", { name: "Your points" });
    expect(points).toHaveTextContent("+5 XP");
    expect(screen.queryByText("+5 XP win bonus")).toBeNull();
    view.unmount();

    renderGameDetail({ game: completed(RESULT) });
    await screen.findByText("Team A 21 – 18 Team B");
    expect(screen.queryByRole("list", { name: "Your points" })).toBeNull();
  });

  it("tells others to wait until the organizer records the result", async () => {
    renderGameDetail({ game: completed() });
    await resultsCard();
    expect(screen.getByText("Waiting for the organizer to record the result.")).toBeVisible();
    expect(screen.queryByRole("form", { name: "Record Result" })).toBeNull();
  });

  it("shows no results card before the game is over", async () => {
    renderGameDetail({ game: testGame({ status: "active" }) });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("heading", { name: "Game Results" })).toBeNull();
  });
});

describe("recording the result", () => {
  it("starts from the teams made for the game; the waiting team stays unpicked", async () => {
    const bench = testParticipant({
      userId: "player-2",
      user: { id: "player-2", firstName: "Luis", profileImageUrl: null, profile: null },
    });
    const team = (name: "A" | "B" | "C", userId: string) => ({
      team: name,
      chance: name === "C" ? null : 50,
      players: [{ userId, name: userId, level: 3, position: null }],
    });
    renderGameDetail({
      user: organizer,
      game: completed(),
      participants: [organizerSeat(), splash(), bench],
      routes: {
        "/api/games/7/teams": () =>
          Response.json({
            teams: [team("A", "organizer-1"), team("B", "player-1"), team("C", "player-2")],
            madeAt: new Date().toISOString(),
            outOfDate: null,
            seats: 3,
            playersMakeTeams: false,
            canMake: false,
            canChangeSettings: true,
            partnerId: null,
          }),
      },
    });
    await screen.findByRole("form", { name: "Record Result" });
    await vi.waitFor(() => expect(teamOf("Showtime", "A")).toBeChecked());
    expect(teamOf("Splash", "B")).toBeChecked();
    expect(teamOf("Luis", "A")).not.toBeChecked();
    expect(teamOf("Luis", "B")).not.toBeChecked();
  });

  it("checks the form with the shared schema before sending anything", async () => {
    const { calls } = renderGameDetail({
      user: organizer,
      game: completed(),
      participants: [organizerSeat(), splash()],
    });
    const form = await screen.findByRole("form", { name: "Record Result" });
    await userEvent.click(teamOf("Showtime", "A"));
    await userEvent.type(within(form).getByLabelText("Team A score"), "20");
    await userEvent.type(within(form).getByLabelText("Team B score"), "20");
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));

    expect(within(form).getByRole("radiogroup", { name: "Splash" })).toHaveAccessibleDescription(
      "Put every player on Team A or Team B",
    );

    await userEvent.click(teamOf("Splash", "B"));
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));
    expect(within(form).getByLabelText("Team B score")).toHaveAccessibleDescription(
      "A game has a winner: the scores cannot be equal",
    );
    expect(within(form).getByRole("radiogroup", { name: "Splash" })).not.toHaveAttribute(
      "aria-describedby",
    );
    expect(calls("POST", "/api/games/7/result")).toHaveLength(0);
  });

  it("sends every player's team and the scores, then shows the result", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      game: completed(),
      participants: [organizerSeat(), splash()],
      routes: {
        "POST /api/games/7/result": (_init, state) => {
          state.game = completed(RESULT);
          state.participants = [organizerSeat(), testParticipant({ team: "B" })];
          return Response.json(state.game);
        },
      },
    });
    const form = await screen.findByRole("form", { name: "Record Result" });
    await userEvent.click(teamOf("Showtime", "A"));
    await userEvent.click(teamOf("Splash", "B"));
    await userEvent.type(within(form).getByLabelText("Team A score"), "21");
    await userEvent.type(within(form).getByLabelText("Team B score"), "18");
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));

    expect(await screen.findByText("Result saved")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/result")).toEqual({
      teamAScore: 21,
      teamBScore: 18,
      teams: { "organizer-1": "A", "player-1": "B" },
    });
    expect(await screen.findByText("Team A 21 – 18 Team B")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Record Result" })).toBeNull();
    expect(await screen.findByText("Team B")).toBeInTheDocument();
  });

  it("shows the server's field messages and other refusals", async () => {
    let answer = Response.json(
      { message: "Invalid input", errors: { teamAScore: "Scores must be whole numbers" } },
      { status: 400 },
    );
    renderGameDetail({
      user: organizer,
      game: completed(),
      participants: [organizerSeat()],
      routes: { "POST /api/games/7/result": () => answer },
    });
    const form = await screen.findByRole("form", { name: "Record Result" });
    await userEvent.click(teamOf("Showtime", "B"));
    await userEvent.type(within(form).getByLabelText("Team A score"), "3");
    await userEvent.type(within(form).getByLabelText("Team B score"), "5");
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));
    expect(await within(form).findByText("Scores must be whole numbers")).toBeInTheDocument();

    answer = Response.json({ message: "Only the organizer can do that." }, { status: 403 });
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Only the organizer can do that.",
    );
  });

  it("lets the organizer edit a recorded result, starting from it", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      game: completed(RESULT),
      participants: [organizerSeat({ team: "A" }), testParticipant({ team: "B" })],
      routes: { "POST /api/games/7/result": (_init, state) => Response.json(state.game) },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Result" }));
    const form = screen.getByRole("form", { name: "Edit Result" });
    expect(within(form).getByLabelText("Team A score")).toHaveValue(21);
    expect(within(form).getByLabelText("Team B score")).toHaveValue(18);
    expect(teamOf("Showtime", "A")).toBeChecked();
    expect(teamOf("Splash", "B")).toBeChecked();

    await userEvent.clear(within(form).getByLabelText("Team B score"));
    await userEvent.type(within(form).getByLabelText("Team B score"), "23");
    await userEvent.click(within(form).getByRole("button", { name: "Save Result" }));
    expect(await screen.findByText("Result saved")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/result")).toEqual({
      teamAScore: 21,
      teamBScore: 23,
      teams: { "organizer-1": "A", "player-1": "B" },
    });
  });

  it("lets the organizer record the result of an active game, which ends it", async () => {
    renderGameDetail({ user: organizer, game: testGame({ status: "active" }) });
    await resultsCard();
    expect(screen.getByText("The game is on. Recording the result ends it now.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Record Result" }));
    const form = screen.getByRole("form", { name: "Record Result" });
    await userEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Record Result" })).toBeNull();
  });
});
