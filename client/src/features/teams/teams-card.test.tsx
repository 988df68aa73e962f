import type { GameTeams, Team } from "@common/teams.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  organizerSeat,
  renderGameDetail,
} from "@/test-support/render-game-detail.tsx";
import { testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const TEAMS = "/api/games/7/teams";
const organizer = testUser({ id: "organizer-1", firstName: "Marcus" });
const seatedPlayer = testUser({ id: "player-1", firstName: "Kenji" });
const seats = [organizerSeat(), testParticipant()];

const player = (userId: string, name: string, level: number | null, position = "Center") => ({
  userId,
  name,
  level,
  position,
});
const madeTeams: Team[] = [
  {
    team: "A",
    chance: 51,
    players: [player("organizer-1", "Showtime", 3.4, "Point Guard"), player("p3", "Dunks", 2)],
  },
  {
    team: "B",
    chance: 49,
    players: [player("player-1", "Splash", 4.1), player("p4", "Quiet", null)],
  },
];

function teamsAnswer(overrides: Partial<GameTeams> = {}): GameTeams {
  return {
    teams: madeTeams,
    madeAt: new Date().toISOString(),
    outOfDate: null,
    seats: 4,
    playersMakeTeams: false,
    canMake: true,
    canChangeSettings: true,
    partnerId: null,
    ...overrides,
  };
}

const card = () => screen.findByRole("region", { name: "Teams" });

describe("the Teams card", () => {
  it("shows both teams with names, levels, positions and the chances", async () => {
    renderGameDetail({
      user: organizer,
      participants: seats,
      routes: { [TEAMS]: () => Response.json(teamsAnswer()) },
    });
    const teams = await card();
    expect(within(teams).getByText("Team A 51% · Team B 49%")).toBeVisible();
    const a = within(teams).getByRole("region", { name: "Team A" });
    expect(
      within(a)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["ShowtimeLevel 3.4 · Point Guard", "DunksLevel 2.0 · Center"]);
    const b = within(teams).getByRole("region", { name: "Team B" });
    expect(within(b).getByText("Quiet").nextSibling).toHaveTextContent(/^Center$/);
    expect(within(teams).queryByRole("region", { name: "Next" })).toBeNull();
  });

  it("the organizer makes teams in one tap; the new teams show", async () => {
    let made = false;
    const { calls } = renderGameDetail({
      user: organizer,
      participants: seats,
      routes: {
        [TEAMS]: () =>
          Response.json(made ? teamsAnswer() : teamsAnswer({ teams: [], madeAt: null })),
        [`POST ${TEAMS}`]: () => {
          made = true;
          return Response.json(teamsAnswer());
        },
      },
    });
    const teams = await card();
    expect(within(teams).getByText("No teams yet.")).toBeVisible();
    await userEvent.click(within(teams).getByRole("button", { name: "Make teams" }));
    expect(calls("POST", TEAMS)).toHaveLength(1);
    await within(teams).findByText("Team A 51% · Team B 49%");
    expect(within(teams).getByRole("button", { name: "Rebalance" })).toBeEnabled();
  });

  it("says when the seats changed since, with Next for those who wait", async () => {
    const next: Team = { team: "C", chance: null, players: [player("p5", "Late", 3)] };
    renderGameDetail({
      user: organizer,
      participants: seats,
      routes: {
        [TEAMS]: () =>
          Response.json(
            teamsAnswer({
              teams: [...madeTeams, next],
              outOfDate: "Teams are out of date: 1 new player",
            }),
          ),
      },
    });
    const teams = await card();
    expect(within(teams).getByRole("status")).toHaveTextContent(
      "Teams are out of date: 1 new player",
    );
    expect(within(teams).getByRole("region", { name: "Next" })).toHaveTextContent("Late");
    expect(within(teams).getByRole("button", { name: "Rebalance" })).toBeVisible();
  });

  it("with fewer than 4 seats says why instead of a button", async () => {
    renderGameDetail({
      user: organizer,
      participants: seats,
      routes: { [TEAMS]: () => Response.json(teamsAnswer({ teams: [], seats: 2 })) },
    });
    const teams = await card();
    expect(within(teams).getByText("Teams need at least 4 players")).toBeVisible();
    expect(within(teams).queryByRole("button", { name: "Make teams" })).toBeNull();
  });

  it("the organizer lets players make teams with a switch", async () => {
    const { sentBody } = renderGameDetail({
      user: organizer,
      participants: seats,
      routes: {
        [TEAMS]: () => Response.json(teamsAnswer()),
        [`PUT ${TEAMS}/settings`]: () => Response.json(teamsAnswer({ playersMakeTeams: true })),
      },
    });
    const teams = await card();
    const toggle = within(teams).getByRole("switch", { name: "Players can make teams" });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(sentBody("PUT", `${TEAMS}/settings`)).toEqual({ playersMakeTeams: true });
    await vi.waitFor(() => expect(toggle).toBeChecked());
  });

  it("a seated player sees the teams without the organizer's controls and picks whom to play with", async () => {
    let partnerId: string | null = null;
    const answer = () =>
      Response.json(teamsAnswer({ canMake: false, canChangeSettings: false, partnerId }));
    const { calls, sentBody } = renderGameDetail({
      user: seatedPlayer,
      participants: seats,
      routes: {
        [TEAMS]: answer,
        [`PUT ${TEAMS}/together`]: (init) => {
          partnerId = JSON.parse(String(init?.body)).partnerId;
          return answer();
        },
        [`DELETE ${TEAMS}/together`]: () => {
          partnerId = null;
          return answer();
        },
      },
    });
    const teams = await card();
    expect(within(teams).queryByRole("button", { name: /Make teams|Rebalance/ })).toBeNull();
    expect(within(teams).queryByRole("switch")).toBeNull();
    const keep = within(teams).getByLabelText("Keep me with…");
    expect(
      within(keep)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["No one", "Showtime"]);
    await userEvent.selectOptions(keep, "Showtime");
    expect(sentBody("PUT", `${TEAMS}/together`)).toEqual({ partnerId: "organizer-1" });
    await vi.waitFor(() => expect(keep).toHaveValue("organizer-1"));
    await userEvent.selectOptions(keep, "No one");
    expect(calls("DELETE", `${TEAMS}/together`)).toHaveLength(1);
    await vi.waitFor(() => expect(keep).toHaveValue(""));
  });

  it("a refused tap tells why", async () => {
    renderGameDetail({
      user: organizer,
      participants: seats,
      routes: {
        [TEAMS]: () => Response.json(teamsAnswer()),
        [`POST ${TEAMS}`]: () =>
          Response.json({ message: "Teams need at least 4 players" }, { status: 409 }),
      },
    });
    const teams = await card();
    await userEvent.click(within(teams).getByRole("button", { name: "Rebalance" }));
    expect(await screen.findByText("Could not make the teams")).toBeVisible();
    expect(screen.getByText("Teams need at least 4 players")).toBeVisible();
  });

  it("is not shown, nor asked for, to a visitor or a player without a seat", async () => {
    const { calls } = renderGameDetail({
      user: testUser({ id: "someone-else" }),
      participants: seats,
      routes: { [TEAMS]: () => Response.json(teamsAnswer()) },
    });
    await screen.findByRole("heading", { level: 1 });
    await screen.findByText("Splash");
    expect(screen.queryByRole("region", { name: "Teams" })).toBeNull();
    expect(calls("GET", TEAMS)).toHaveLength(0);
  });
});
