import type { InvitableGame } from "@common/invites.ts";
import { muOfLevel } from "@common/levels.ts";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testPlayer } from "@/test-support/test-players.ts";
import { testUser } from "@/test-support/test-user.ts";
import { INVITED_MS, PlayerCard } from "./player-card.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const me = testUser();
const game = (overrides: Partial<InvitableGame> = {}): InvitableGame => ({
  id: 7,
  title: "Evening Run",
  scheduledAt: "2030-05-05T01:30:00.000Z",
  courtName: "Venice Beach Courts",
  timeZone: "America/Los_Angeles",
  currentPlayers: 4,
  maxPlayers: 10,
  alreadyInvited: false,
  ...overrides,
});

function renderCard(
  routes: Parameters<typeof renderWithApi>[1]["routes"] = {},
  player = testPlayer(),
) {
  return renderWithApi(<PlayerCard player={player} />, { user: me, routes });
}

const invitableUrl = `/api/games/invitable?playerId=${testPlayer().id}`;

describe("PlayerCard", () => {
  it("shows how the player shows up once they have 3 games, and nothing before", () => {
    const reliability = { userId: "p1", expected: 19, present: 18, lateDrops: 1 };
    const view = renderCard({}, testPlayer({ reliability }));
    expect(screen.getByText("Shows up: 18 of 19 · 1 late drop")).toBeInTheDocument();
    view.unmount();
    renderCard({}, testPlayer({ reliability: { ...reliability, expected: 2, present: 2 } }));
    expect(screen.queryByText(/Shows up/)).not.toBeInTheDocument();
  });

  it("shows nickname, position, real distance, level badge, match and availability", () => {
    renderCard();
    expect(screen.getByRole("heading", { name: "Splash" })).toBeInTheDocument();
    expect(screen.getByText("Shooting Guard · 1.4 miles away")).toBeInTheDocument();
    expect(screen.getByText("Advanced")).toBeInTheDocument();
    expect(screen.getByText("90% skill match")).toBeInTheDocument();
    expect(screen.getByText("Available now")).toBeInTheDocument();
  });

  it("shows the level the player's results give, beside the badge of what they say", () => {
    const view = renderCard();
    expect(screen.getByText("Level 3.8 · new")).toBeInTheDocument();
    view.unmount();
    renderCard({}, testPlayer({ rating: { mu: muOfLevel(2.6), sigma: 2.5, games: 30 } }));
    expect(screen.getByText("Level 2.6 · settled")).toBeInTheDocument();
    expect(screen.getByText("Advanced")).toBeInTheDocument();
  });

  it("Invite picks one of my games with room, invites, then shows 'Invited!' for 2 seconds", async () => {
    const { fetchMock } = renderCard({
      [invitableUrl]: Response.json([
        game(),
        game({ id: 8, title: "Late Run", alreadyInvited: true }),
      ]),
      "POST /api/games/7/invites": Response.json({ alreadyInvited: false }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Splash" });
    const first = await within(dialog).findByRole("radio", { name: /Evening Run/ });
    expect(first).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Late Run.*Invited already/ })).toBeDisabled();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invite" }));
    expect(await screen.findByRole("button", { name: "Invited!" })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === "POST" && url === "/api/games/7/invites",
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: testPlayer().id });
    act(() => vi.advanceTimersByTime(INVITED_MS));
    expect(screen.getByRole("button", { name: "Invite" })).toBeInTheDocument();
  });

  it("says so when I have no upcoming game with room, and sends nothing", async () => {
    const { fetchMock } = renderCard({ [invitableUrl]: Response.json([]) });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(
      await screen.findByText(/You have no upcoming game with open spots to invite Splash to/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Invite" })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("shows the server's refusal, e.g. a player who isn't taking invites", async () => {
    renderCard({
      [invitableUrl]: Response.json([game()]),
      "POST /api/games/7/invites": Response.json(
        { message: "This player isn't taking invites." },
        { status: 403 },
      ),
    });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send Invite" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This player isn't taking invites.");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("disables Invite and says 'Not available' for an unavailable player", () => {
    renderCard({}, testPlayer({ isAvailable: false }));
    expect(screen.getByText("Not available")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invite" })).toBeDisabled();
  });

  it("falls back to '0.2 miles away' only without a distance, and hides an unknown match", () => {
    renderCard({}, testPlayer({ distanceMiles: null as never, skillMatch: null }));
    expect(screen.getByText("Shooting Guard · 0.2 miles away")).toBeInTheDocument();
    expect(screen.queryByText(/skill match/)).not.toBeInTheDocument();
  });
});
