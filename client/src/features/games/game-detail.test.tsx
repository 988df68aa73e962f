import { REPORT_THANKS } from "@common/moderation.ts";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  organizerSeat,
  renderGameDetail,
} from "@/test-support/render-game-detail.tsx";
import { testGame, testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const fact = (term: string) =>
  screen.getByText(term, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("the game detail page", () => {
  it("says 'Loading game details...' until the game arrives", async () => {
    renderGameDetail({ routes: { "/api/games/7": () => new Promise<Response>(() => {}) } });
    expect(await screen.findByRole("status")).toHaveTextContent("Loading game details...");
  });

  it("shows the game's facts and uses its title for the tab", async () => {
    const scheduledAt = "2030-05-05T01:30:00.000Z"; // 6:30 PM on May 4 in Los Angeles
    renderGameDetail({
      game: testGame({ scheduledAt, currentPlayers: 7, gameType: "3v3", distanceMiles: 2.3 }),
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Evening Run at Venice" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Open")).toBeInTheDocument();
    expect(fact("When")).toBe("Saturday, May 4, 2030 at 6:30 PM PT");
    expect(fact("Court")).toBe("Venice Beach Courts1800 Ocean Front Walk, Venice");
    expect(fact("Players")).toBe("7 / 10 Players3 spots left");
    expect(fact("Game type")).toBe("3-on-3");
    expect(fact("Organizer")).toBe("Showtime");
    expect(fact("Distance")).toBe("2.3 miles away");
    expect(document.title).toMatch(/^Evening Run at Venice · /);
  });

  it("falls back to the court's name and leaves the distance out when it is unknown", async () => {
    renderGameDetail({ game: testGame({ title: null, currentPlayers: 9 }) });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Venice Beach Courts" }),
    ).toBeInTheDocument();
    expect(fact("Players")).toBe("9 / 10 Players1 spot left");
    expect(screen.queryByText("Distance")).toBeNull();
  });

  it.each(["completed", "cancelled"] as const)(
    "a %s game says nothing about spots and offers no Message Organizer",
    async (status) => {
      renderGameDetail({ user: testUser(), game: testGame({ status, currentPlayers: 9 }) });
      await screen.findByRole("heading", { level: 1 });
      expect(fact("Players")).toBe("9 / 10 Players");
      expect(screen.queryByText(/spots? left/)).toBeNull();
      expect(screen.queryByRole("button", { name: "Message Organizer" })).toBeNull();
    },
  );

  it("lists the players with avatar initial, position, Organizer badge and status", async () => {
    renderGameDetail({
      participants: [
        organizerSeat(),
        testParticipant(),
        testParticipant({
          userId: "player-2",
          user: { id: "player-2", firstName: null, profileImageUrl: null, profile: null },
        }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Players" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Showtime");
    expect(within(rows[0] as HTMLElement).getByText("Organizer")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("confirmed")).toHaveClass("bg-primary");
    expect(rows[1]).toHaveTextContent("SplashShooting Guard");
    expect(within(rows[1] as HTMLElement).queryByText("Organizer")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText("joined")).not.toHaveClass("bg-primary");
    expect(rows[2]).toHaveTextContent("PlayerPosition not set");
    expect(screen.getByRole("heading", { level: 2, name: "Players (3)" })).toBeInTheDocument();
  });

  it("says plainly that the organizer cancelled a cancelled game", async () => {
    renderGameDetail({ game: testGame({ status: "cancelled" }) });
    expect(await screen.findByText("This game was cancelled.")).toBeInTheDocument();
    expect(screen.getByText("Showtime called it off, so it will not be played.")).toBeVisible();
    expect(screen.queryByRole("button", { name: /Join Game|Leave Game/ })).toBeNull();
  });

  it("shows 'Game not found' for a missing game, and Go Back opens /games without history", async () => {
    const { location } = renderGameDetail({ game: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Game not found" }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Game not found · /);
    await userEvent.click(screen.getByRole("button", { name: "Go Back" }));
    expect(location.history?.at(-1)).toBe("/games");
  });

  it("Go Back returns to the previous page when there is one", async () => {
    window.history.pushState({}, "", "/somewhere");
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    const { location } = renderGameDetail({ path: "/game/abc" });
    await userEvent.click(await screen.findByRole("button", { name: "Go Back" }));
    expect(back).toHaveBeenCalledOnce();
    expect(location.history).toEqual(["/game/abc"]);
    back.mockRestore();
  });

  it("offline, a game this device never kept says so, not that it failed (issue 31)", async () => {
    renderGameDetail({
      routes: {
        "/api/games/7": () => {
          throw new TypeError("Failed to fetch");
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This page hasn't been opened on this device yet",
    );
    expect(screen.queryByText("Could not load this game")).toBeNull();
    // The network is back: the app's offline state is module-wide, so reset it for the next test.
    act(() => void window.dispatchEvent(new Event("online")));
  });

  it("says the game could not be loaded on other failures, and Try Again reloads it", async () => {
    let failing = true;
    renderGameDetail({
      routes: {
        "/api/games/7": (_init, state) =>
          failing ? new Response("Down", { status: 500 }) : Response.json(state.game),
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load this game");
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Evening Run at Venice" }),
    ).toBeInTheDocument();
  });
});

describe("reporting a game", () => {
  afterEach(clearToasts);

  it("offers a signed-in player Report beside Share and reports the game by its id", async () => {
    const { sentBody } = renderGameDetail({
      user: testUser(),
      routes: { "POST /api/reports": () => Response.json({ id: 4 }, { status: 201 }) },
    });
    const actions = await screen.findByRole("region", { name: "Game actions" });
    await userEvent.click(await within(actions).findByRole("button", { name: "Report this game" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this game?" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(sentBody("POST", "/api/reports")).toEqual({
      kind: "game",
      targetId: "7",
      reason: "spam",
    });
  });

  it("is not offered to a visitor", async () => {
    renderGameDetail({ user: null });
    await screen.findByRole("button", { name: "Share" });
    expect(await screen.findByRole("button", { name: "Join Game" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Report/ })).toBeNull();
  });

  it("is not offered to the game's organizer", async () => {
    renderGameDetail({ user: testUser({ id: "organizer-1" }) });
    // Cancel Game shows once the organizer is known as signed in; the tools and the chat load.
    expect(await screen.findByRole("button", { name: "Cancel Game" })).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Fill your game" });
    await screen.findByRole("heading", { name: "Game chat" });
    expect(screen.queryByRole("button", { name: /^Report/ })).toBeNull();
  });
});
