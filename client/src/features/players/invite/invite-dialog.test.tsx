import type { InvitableGame } from "@common/invites.ts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inBrowserTimeZone } from "@/test-support/browser-time-zone.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { InviteDialog } from "./invite-dialog.tsx";

afterEach(() => vi.unstubAllGlobals());

// A player in Tokyo inviting a friend to a game at a Los Angeles court.
inBrowserTimeZone("Asia/Tokyo");

const game: InvitableGame = {
  id: 11,
  title: "Saturday Run",
  // 6:30 PM on Saturday, November 28, 2026 in Los Angeles; 11:30 AM on Sunday in Tokyo.
  scheduledAt: "2026-11-29T02:30:00.000Z",
  courtName: "Venice Beach Courts",
  timeZone: "America/Los_Angeles",
  currentPlayers: 4,
  maxPlayers: 10,
  alreadyInvited: false,
};

describe("InviteDialog", () => {
  it("shows each game's time on its court's clock with the zone, not the browser's", async () => {
    expect(new Date(game.scheduledAt).getHours()).toBe(11); // the browser is in Tokyo
    renderWithApi(
      <InviteDialog
        playerId="player-2"
        playerName="Splash"
        open
        onOpenChange={() => {}}
        onInvited={() => {}}
      />,
      {
        user: testUser(),
        routes: { "/api/games/invitable?playerId=player-2": Response.json([game]) },
      },
    );
    const dialog = await screen.findByRole("dialog", { name: "Invite Splash" });
    const choice = await within(dialog).findByRole("radio", { name: /Saturday Run/ });
    expect(choice.closest("label")).toHaveTextContent(
      "Saturday RunSat, Nov 28, 6:30 PM PT · Venice Beach Courts · 4/10",
    );
  });
});
